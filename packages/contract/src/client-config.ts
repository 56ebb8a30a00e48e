import { z } from 'zod';
import { Show } from './shows.ts';

/** The client configuration entity of accounts-and-commerce.md section 3, served at GET /config.json. */
export const ClientConfig = z.object({
  thor_app: z.string(),
  thor_app_version: z.string(),
  thor_app_platform: z.string(),
  privacy_base_link: z.string(),
  terms_base_link: z.string(),
  support_email: z.string(),
  auth_system: z.string(),
  /** When auth_system names the partner platform: its account page, opened in the login popup. */
  partner_account_url: z.string().nullable(),
  colors: z.record(z.string(), z.string()),
  logo: z.string(),
  languages: z.array(z.object({ locale: z.string(), text: z.string() })),
  create_account_email: z.string(),
  landing: z.object({
    header_image: z.string(),
    header_image_mobile: z.string(),
    show_countdown: z.boolean(),
    merch_store: z.object({ enabled: z.boolean(), title: z.string(), url: z.string() }),
  }),
  teaser_video: z.string().nullable(),
  features: z.object({
    purchases: z.boolean(),
    date_of_birth: z.boolean(),
    maintenance: z.boolean(),
    /** The player offers casting (PLY-17); a receiver must accept the Authorization header (PLY-28). */
    casting: z.boolean(),
  }),
  /** Shows listed until their end time, by start time; the first is the current show (LAND-23/24). */
  shows: z.array(Show),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
