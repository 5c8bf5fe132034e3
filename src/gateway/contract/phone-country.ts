import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { cleanPhone, normalizePhone } from './phone';

/**
 * Whether a typed number can be a real number of the chosen country (issue 18 §5): sign-up refuses
 * "+1 12345" before a code is texted to it. The lengths and leading digits each country's numbers may
 * have come from libphonenumber-js (Google's libphonenumber metadata, the "min" set); a country it does
 * not know (Antarctica) falls back to normalizePhone's 4-15 digits with the calling code given.
 */
export function phoneFitsCountry(raw: string, countryCode: string, prefix: string): boolean {
  const cleaned = cleanPhone(raw);
  if (!isSupportedCountry(countryCode)) return normalizePhone(cleaned, prefix) !== null;
  const parsed = parsePhoneNumberFromString(cleaned, countryCode as CountryCode);
  return (
    !!parsed && parsed.isValid() && parsed.countryCallingCode === getCountryCallingCode(countryCode as CountryCode)
  );
}
