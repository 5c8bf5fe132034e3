import type { Country } from '../../gateway/contract/countries';

// The SMS area's formats: the shared ones (common/format) and country labels.
export { formatCount, formatDay, formatPercent, formatTime } from '../common/format';

/** Chinese names in zh (CountryAlias), English otherwise; always with the calling code. */
export function countryLabel(
  country: Pick<Country, 'CountryName' | 'CountryAlias' | 'PhonePrefix'>,
  lang: string,
): string {
  return `${lang === 'zh' ? country.CountryAlias : country.CountryName} (+${country.PhonePrefix})`;
}
