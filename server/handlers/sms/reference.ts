import { and, asc, eq, sql } from 'drizzle-orm';
import type { HandlerMap } from '../../context';
import { smsTags } from '../../db/schema';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { COUNTRIES } from '../../../src/gateway/contract/countries';
import { BinaryReply } from '../../binary-reply';
import { CSV_BOM, csvLine } from '../../lib/csv';
import { isSupportedCountry, smsPrice, supportedCountry } from '../../sms/countries';
import { formatOffset, TIME_ZONES, zoneOffsetMinutes } from '../../sms/time-zones';

const CURRENCY = 'usd';

function priceRow(country: (typeof COUNTRIES)[number]) {
  return {
    CountryCode: country.CountryCode,
    CountryName: country.CountryName,
    CountryAlias: country.CountryAlias,
    PhonePrefix: country.PhonePrefix,
    Price: smsPrice(country),
    Currency: CURRENCY,
  };
}

export const smsReferenceHandlers: HandlerMap = {
  async ListProjects(_input, ctx) {
    // One project per account until projects are their own feature (docs/decisions.md, "SMS").
    return {
      Projects: [
        {
          ProjectId: 'default',
          Key: `org-${ctx.user.id}`,
          EnName: 'Default project',
          CnName: '默认项目',
          IsDefault: true,
        },
      ],
    };
  },

  async GetTimeZones(_input, ctx) {
    const now = ctx.clock.now();
    return {
      TimeZones: TIME_ZONES.map((zone) => ({
        ZoneKey: zone,
        Area: zone === 'UTC' ? 'UTC' : zone.split('/')[0],
        Offset: formatOffset(zoneOffsetMinutes(zone, now)),
      })),
    };
  },

  async GetCountryCodeList() {
    return { Countries: COUNTRIES.map((c) => ({ ...c, Supported: isSupportedCountry(c.CountryCode) })) };
  },

  async GetUSMSPrice(input, ctx) {
    const countries = input.CountryCode
      ? [supportedCountry(input.CountryCode)]
      : COUNTRIES.filter((c) => isSupportedCountry(c.CountryCode));
    const prices = countries.map(priceRow);
    if (!input.Download) return { Prices: prices };
    // The price download: per part, in currency units (the console shows the same figures / 10,000).
    const zh = ctx.lang === 'zh';
    const header = zh
      ? ['国家/地区代码', '国家/地区', '英文名称', '区号', '每条价格', '币种']
      : ['Country code', 'Country', 'Chinese name', 'Prefix', 'Price per part', 'Currency'];
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
    return new BinaryReply(
      'herald-sms-prices.csv',
      'text/csv; charset=utf-8',
      CSV_BOM + csvLine(header) + lines.join(''),
    );
  },

  async SaveUSMSTag(input, ctx) {
    const inserted = await ctx.db
      .insert(smsTags)
      .values({ userId: ctx.user.id, name: input.TagName, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ id: smsTags.id });
    if (inserted.length === 0) throw new ApiError(RetCode.TagExists);
    const tags = await ctx.db
      .select({ name: smsTags.name })
      .from(smsTags)
      .where(eq(smsTags.userId, ctx.user.id))
      .orderBy(asc(smsTags.name));
    return { TagName: input.TagName, Tags: tags.map((t) => t.name) };
  },

  async GetUSMSTagList(_input, ctx) {
    const tags = await ctx.db
      .select({ name: smsTags.name })
      .from(smsTags)
      .where(and(eq(smsTags.userId, ctx.user.id), sql`true`))
      .orderBy(asc(smsTags.name));
    return { Tags: tags.map((t) => t.name) };
  },
};
