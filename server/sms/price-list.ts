import { COUNTRIES } from '../../src/gateway/contract/countries';
import { BinaryReply } from '../binary-reply';
import { CSV_BOM, csvLine } from '../lib/csv';
import { isSupportedCountry, supportedCountry } from './countries';

type Country = (typeof COUNTRIES)[number];

/** One country's row of a phone channel's price list (GetUSMSPrice, GetUMMSPriceList). */
export const priceRowOf = (price: (country: Country) => number) => (country: Country) => ({
  CountryCode: country.CountryCode,
  CountryName: country.CountryName,
  CountryAlias: country.CountryAlias,
  PhonePrefix: country.PhonePrefix,
  Price: price(country),
  Currency: 'usd',
});
export type PriceRow = ReturnType<ReturnType<typeof priceRowOf>>;

/** The one country asked for (refused when unsupported), or every supported country. */
export const priceCountries = (countryCode?: string): Country[] =>
  countryCode ? [supportedCountry(countryCode)] : COUNTRIES.filter((c) => isSupportedCountry(c.CountryCode));

/**
 * A price list as the CSV download (spec 000 §7: the file itself), in the caller's language, in currency
 * units (the console shows the same figures / 10,000). `unit` names what one price buys.
 */
export function priceListFile(prices: PriceRow[], lang: string, fileName: string, unit: 'part' | 'message') {
  const zh = lang === 'zh';
  const priceHeader = zh ? (unit === 'part' ? '每条价格' : '每条彩信价格') : `Price per ${unit}`;
  const header = zh
    ? ['国家/地区代码', '国家/地区', '英文名称', '区号', priceHeader, '币种']
    : ['Country code', 'Country', 'Chinese name', 'Prefix', priceHeader, 'Currency'];
  const lines = prices.map((p) =>
    csvLine([
      p.CountryCode,
      zh ? p.CountryAlias : p.CountryName,
      zh ? p.CountryName : p.CountryAlias,
      `+${p.PhonePrefix}`,
      (p.Price / 10_000).toFixed(4),
      p.Currency.toUpperCase(),
    ]),
  );
  return new BinaryReply(fileName, 'text/csv; charset=utf-8', CSV_BOM + csvLine(header) + lines.join(''));
}
