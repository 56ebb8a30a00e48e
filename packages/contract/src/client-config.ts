import { z } from 'zod';
import { BLE_UUID_RE } from './lightstick-rules.ts';
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
  /**
   * The Bluetooth light-stick (BT-09, decisions.md): devices whose name starts with name_prefix are
   * offered; colours are written as 3 bytes (r, g, b) to the characteristic of the service.
   */
  lightstick: z.object({
    name_prefix: z.string().min(1).max(64),
    service_uuid: z.string().regex(BLE_UUID_RE),
    characteristic_uuid: z.string().regex(BLE_UUID_RE),
  }),
  /**
   * The merch tab's embedded shop (MRC-01, MRC-03): the provider's buy-button library, loaded on
   * demand, and the products file fetched by GET. Either may be a path on this site or an https URL.
   */
  shop: z.object({ script_url: z.string().min(1), products_url: z.string().min(1) }),
  /** The static program PDF the viewer links to (MRC-09). */
  program_pdf: z.string().min(1),
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
