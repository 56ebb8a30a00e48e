import { z } from 'zod';
import { BLE_UUID_RE } from './lightstick-rules.ts';
import { safeString } from './safe-input.ts';
import { Show } from './shows.ts';

/** The client configuration entity of accounts-and-commerce.md section 3, served at GET /config.json. */
export const ClientConfig = z.object({
  thor_app: safeString(),
  thor_app_version: safeString(),
  thor_app_platform: safeString(),
  privacy_base_link: safeString(),
  terms_base_link: safeString(),
  support_email: safeString(),
  auth_system: safeString(),
  /** When auth_system names the partner platform: its account page, opened in the login popup. */
  partner_account_url: safeString().nullable(),
  colors: z.record(safeString(), safeString()),
  logo: safeString(),
  languages: z.array(z.object({ locale: safeString(), text: safeString() })),
  create_account_email: safeString(),
  landing: z.object({
    header_image: safeString(),
    header_image_mobile: safeString(),
    show_countdown: z.boolean(),
    merch_store: z.object({ enabled: z.boolean(), title: safeString(), url: safeString() }),
  }),
  teaser_video: safeString().nullable(),
  /**
   * The Bluetooth light-stick (BT-09, decisions.md): devices whose name starts with name_prefix are
   * offered; colours are written as 3 bytes (r, g, b) to the characteristic of the service.
   */
  lightstick: z.object({
    name_prefix: safeString().min(1).max(64),
    service_uuid: safeString().regex(BLE_UUID_RE),
    characteristic_uuid: safeString().regex(BLE_UUID_RE),
  }),
  /**
   * The merch tab's embedded shop (MRC-01, MRC-03): the provider's buy-button library, loaded on
   * demand, and the products file fetched by GET. Either may be a path on this site or an https URL.
   */
  shop: z.object({ script_url: safeString().min(1), products_url: safeString().min(1) }),
  /** The static program PDF the viewer links to (MRC-09). */
  program_pdf: safeString().min(1),
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
