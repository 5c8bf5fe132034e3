import type { Country } from '../../gateway/contract/countries';
import dayjs from 'dayjs';

// Formats shared by the areas (spec 000 §9): dates as YYYY-MM-DD with a 24-hour time, numbers in the
// user's language.

export function formatTime(seconds: number): string {
  return seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : '—';
}

export function formatDay(seconds: number): string {
  return seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD') : '—';
}

export function formatPercent(value: number, lang: string): string {
  return `${value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 2 })}%`;
}

export function formatCount(value: number, lang: string): string {
  return value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
}

/** Chinese names in zh (CountryAlias), English otherwise; always with the calling code. */
export function countryLabel(
  country: Pick<Country, 'CountryName' | 'CountryAlias' | 'PhonePrefix'>,
  lang: string,
): string {
  return `${lang === 'zh' ? country.CountryAlias : country.CountryName} (+${country.PhonePrefix})`;
}
