import { COUNTRIES, type Country } from '../../src/gateway/contract/countries';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';

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
export { normalizePhone } from '../../src/gateway/contract/phone';
