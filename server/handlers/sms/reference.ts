import { and, asc, eq, sql } from 'drizzle-orm';
import type { HandlerMap } from '../../context';
import { smsTags } from '../../db/schema';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { COUNTRIES } from '../../../src/gateway/contract/countries';
import { isSupportedCountry, smsPrice } from '../../sms/countries';
import { priceCountries, priceListFile, priceRowOf } from '../../sms/price-list';
import { formatOffset, TIME_ZONES, zoneOffsetMinutes } from '../../sms/time-zones';

const smsPriceRow = priceRowOf(smsPrice);

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
    const prices = priceCountries(input.CountryCode).map(smsPriceRow);
    return input.Download ? priceListFile(prices, ctx.lang, 'herald-sms-prices.csv', 'part') : { Prices: prices };
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
