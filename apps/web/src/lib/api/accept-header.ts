import { APP } from '@encore/contract';

export type DeviceType = 'desktop' | 'tablet' | 'mobile';

export interface ClientEnvironment {
  userAgent: string;
  /** iPadOS reports a Mac user agent; touch points tell them apart. */
  maxTouchPoints: number;
}

export function deviceType({ userAgent, maxTouchPoints }: ClientEnvironment): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk/i.test(userAgent)) return 'tablet';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'tablet';
  if (/Android/i.test(userAgent)) return /Mobile/i.test(userAgent) ? 'mobile' : 'tablet';
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Operating system and version as one header token, e.g. `ios-17.4`, `windows-10.0`, `linux`. */
export function osVersion({ userAgent, maxTouchPoints }: ClientEnvironment): string {
  const dotted = (v: string | undefined) => (v ?? '').replace(/_/g, '.');
  let m = /(?:iPhone|iPad|iPod).*?OS (\d+(?:_\d+)*)/.exec(userAgent);
  if (m) return `ios-${dotted(m[1])}`;
  m = /Android (\d+(?:\.\d+)*)/.exec(userAgent);
  if (m) return `android-${m[1]}`;
  m = /Windows NT (\d+(?:\.\d+)*)/.exec(userAgent);
  if (m) return `windows-${m[1]}`;
  m = /Mac OS X (\d+(?:[._]\d+)*)/.exec(userAgent);
  if (m) return `${maxTouchPoints > 1 ? 'ipados' : 'macos'}-${dotted(m[1])}`;
  if (/CrOS/.test(userAgent)) return 'chromeos';
  if (/Linux/.test(userAgent)) return 'linux';
  return 'unknown';
}

export interface AppIdentity {
  name: string;
  version: string;
  platform: string;
}

/** Header parameter values must stay tokens: anything else in a configured value is dropped. */
const token = (value: string, fallback: string) => value.replace(/[^\w.-]/g, '') || fallback;

/** The Accept header every call carries (accounts section 7). */
export function buildAcceptHeader(env: ClientEnvironment, app: AppIdentity = APP): string {
  return [
    'application/json',
    `app=${token(app.name, APP.name)}`,
    `version=${token(app.version, APP.version)}`,
    `platform=${token(app.platform, APP.platform)}`,
    `os=${osVersion(env)}`,
    `device=${deviceType(env)}`,
  ].join('; ');
}
