import type { ClientConfig } from '@encore/contract';

/**
 * What the app runs with when /config.json cannot be read: the shop stays usable (sign in, landing)
 * rather than showing a blank page; features that depend on configuration stay off.
 */
export const DEFAULT_CONFIG: ClientConfig = {
  thor_app: 'encore',
  thor_app_version: '1.10.6',
  thor_app_platform: 'web',
  privacy_base_link: '/privacy',
  terms_base_link: '/terms',
  support_email: 'support@encore.live',
  auth_system: 'email',
  partner_account_url: null,
  colors: {},
  logo: '/logo.svg',
  languages: [],
  create_account_email: '',
  landing: {
    header_image: '/hero.svg',
    header_image_mobile: '/hero-mobile.svg',
    show_countdown: true,
    merch_store: { enabled: false, title: '', url: '' },
  },
  teaser_video: null,
  lightstick: {
    name_prefix: 'ENCORE-LS',
    service_uuid: '0000ffe0-0000-1000-8000-00805f9b34fb',
    characteristic_uuid: '0000ffe1-0000-1000-8000-00805f9b34fb',
  },
  shop: { script_url: '', products_url: '' },
  program_pdf: '/program.pdf',
  features: { purchases: false, date_of_birth: false, maintenance: false, casting: false },
  shows: [],
};

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

function mergeInto(base: Plain, patch: Plain): Plain {
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = base[key];
    if (isPlain(current) && isPlain(value)) out[key] = mergeInto(current, value);
    // A field of the wrong type keeps the default instead of breaking a component later.
    else if (current === undefined || current === null || value === null || typeof value === typeof current)
      out[key] = value;
  }
  return out;
}

/**
 * The served config over the defaults. The client does not ship Zod (bundle budget), so it checks
 * shapes field by field: unknown fields pass through, mistyped ones fall back to the default.
 */
export function mergeConfig(raw: unknown): ClientConfig {
  if (!isPlain(raw)) return DEFAULT_CONFIG;
  return mergeInto(DEFAULT_CONFIG as unknown as Plain, raw) as unknown as ClientConfig;
}

export async function loadClientConfig(): Promise<ClientConfig> {
  try {
    const res = await fetch(`${import.meta.env.BASE_URL}config.json`, {
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`config.json answered ${res.status}`);
    return mergeConfig(await res.json());
  } catch (error) {
    console.warn('[config] using built-in defaults:', error);
    return DEFAULT_CONFIG;
  }
}
