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

/** Bytes in KB, MB or GB (1,024-based, as the 10 MB upload limit is), one decimal. */
export function formatBytes(bytes: number, lang: string): string {
  const locale = lang === 'zh' ? 'zh-CN' : 'en-US';
  const format = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${format(Math.max(bytes, 1) / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${format(bytes / (1024 * 1024))} MB`;
  return `${format(bytes / (1024 * 1024 * 1024))} GB`;
}
