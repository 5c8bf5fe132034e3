import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { COUNTRIES, type Country } from '../../../src/gateway/contract/countries';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Public ids: a two-letter kind (TK task, UT template, AR alarm rule, EX export) and 16 random characters. */
export function newPublicId(prefix: 'TK' | 'UT' | 'AR' | 'EX' | 'SN'): string {
  const bytes = randomBytes(16);
  return prefix + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export const unix = (date: Date | null | undefined): number => (date ? Math.floor(date.getTime() / 1000) : 0);

/** Raw rows of a drizzle SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Countries Herald's carriers do not reach (sanctions, no network): refused with CountryNotSupported.
const UNSUPPORTED = new Set(['KP', 'IR', 'SY', 'CU', 'AQ', 'BV', 'HM', 'TF', 'UM', 'PN', 'GS', 'IO']);
// Price per message part in units (10,000 per currency unit). A few markets priced on their own,
// the rest in bands by calling code; docs/decisions.md ("SMS") has the rule.
const PRICE_OVERRIDES: Record<string, number> = {
  US: 79,
  CA: 79,
  CN: 350,
  GB: 420,
  DE: 760,
  FR: 690,
  JP: 650,
  KR: 280,
  MY: 210,
  TR: 190,
  IN: 55,
  ID: 330,
  BR: 260,
  SG: 370,
  AU: 520,
  HK: 480,
};

export function isSupportedCountry(code: string): boolean {
  return COUNTRIES.some((c) => c.CountryCode === code) && !UNSUPPORTED.has(code);
}

export function smsPrice(country: Country): number {
  const override = PRICE_OVERRIDES[country.CountryCode];
  if (override) return override;
  const band = Number(country.PhonePrefix[0]);
  return [600, 450, 520, 480, 560, 380, 410, 450, 300, 350][band] ?? 500;
}

/** The country of a code, refused when unknown or unsupported (spec 001 §8: "recipient country not supported"). */
export function supportedCountry(code: string): Country {
  const country = COUNTRIES.find((c) => c.CountryCode === code);
  if (!country || UNSUPPORTED.has(code)) throw new ApiError(RetCode.CountryNotSupported);
  return country;
}

/** The phone rule lives in the contract: the send wizard counts with the same function. */
export { normalizePhone } from '../../../src/gateway/contract/phone';

export function notFound(): ApiError {
  return new ApiError(RetCode.NotFound);
}

/** Time zones offered for scheduling (GetTimeZones): IANA keys, grouped by area. */
export const TIME_ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'America/Mexico_City',
  'America/Bogota',
  'Atlantic/Azores',
  'UTC',
  'Europe/London',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Africa/Lagos',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Kuala_Lumpur',
  'Asia/Singapore',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Manila',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

/** Minutes east of UTC of a zone at an instant. */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function isKnownZone(zone: string): boolean {
  return (TIME_ZONES as readonly string[]).includes(zone);
}

/** "YYYY-MM-DD HH:mm[:ss]" read as local time in a zone, as an instant (DST-aware: two passes). */
export function zonedTimeToDate(local: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  let guess = asUtc - zoneOffsetMinutes(zone, new Date(asUtc)) * 60_000;
  guess = asUtc - zoneOffsetMinutes(zone, new Date(guess)) * 60_000;
  return new Date(guess);
}
