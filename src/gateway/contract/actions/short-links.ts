import { z } from 'zod';
import { defineAction, emptyData } from './define';
import { shortLinkFormSchema } from '../short-links';

// Short links (issue 16 item 5; spec 001 §3, §5, §9). The spec names no short-link Actions: Herald names
// them (docs/decisions.md "Short links").

export const shortLinkIdField = z
  .string()
  .trim()
  .regex(/^SL[0-9A-Za-z]{6,40}$/, 'validation:invalid');

export const shortLinkData = z.object({
  LinkId: z.string(),
  Title: z.string(),
  /** The destination as entered. */
  Url: z.string(),
  /** The destination with the UTM parameters: where the short link redirects. */
  OriginalUrl: z.string(),
  UtmSource: z.string(),
  UtmMedium: z.string(),
  UtmCampaign: z.string(),
  UtmTerm: z.string(),
  UtmContent: z.string(),
  /** 'http' or 'https' */
  Proto: z.string(),
  /** host[:port] of the gateway serving the redirect */
  ShortLinkDomain: z.string(),
  /** the path on that domain, e.g. s/Ab3dE9xZ */
  ShortLink: z.string(),
  /** the whole address, and its QR variant (origin=qr_code) */
  ShortUrl: z.string(),
  QrUrl: z.string(),
  /** the last refreshed figures (0 before the first refresh) */
  Pv: z.number(),
  Uv: z.number(),
  CreateTime: z.number(),
});
export type ShortLink = z.infer<typeof shortLinkData>;

const countRow = z.object({ Name: z.string(), Count: z.number() });
export type ShortLinkCount = z.infer<typeof countRow>;

export const shortLinkStatisticsData = z.object({
  LinkId: z.string(),
  Pv: z.number(),
  Uv: z.number(),
  Clicks: z.number(),
  QrScans: z.number(),
  /** country codes (ISO 3166-1 alpha-2) or 'unknown' */
  Locations: z.array(countRow),
  /** referrer hosts, or 'direct' */
  Referrers: z.array(countRow),
  /** desktop, mobile, tablet, … */
  Devices: z.array(countRow),
  Systems: z.array(countRow),
  Browsers: z.array(countRow),
  Languages: z.array(countRow),
  /** per UTC day: YYYY-MM-DD */
  Daily: z.array(z.object({ Day: z.string(), Pv: z.number(), Uv: z.number() })),
  /** unix seconds of the last refresh; 0 when never refreshed */
  RefreshTime: z.number(),
});
export type ShortLinkStatistics = z.infer<typeof shortLinkStatisticsData>;

export const SHORT_LINK_PAGE_SIZE_MAX = 100;

export const shortLinkActions = {
  ListShortLink: defineAction(
    'user',
    z
      .object({
        Keyword: z.string().trim().max(100).optional(),
        Page: z.number().int().min(1).max(100_000).optional(),
        PageSize: z.number().int().min(1).max(SHORT_LINK_PAGE_SIZE_MAX).optional(),
      })
      .strict(),
    z.object({ Links: z.array(shortLinkData), Total: z.number() }),
  ),
  CreateShortLink: defineAction('user', shortLinkFormSchema, shortLinkData),
  /** A composer's "Insert short link": the account's live link with the same original URL (destination +
   * UTM) when there is one, else a new one (docs/decisions.md "Short links in message content"). */
  FindOrCreateShortLink: defineAction('user', shortLinkFormSchema, shortLinkData.extend({ Reused: z.boolean() })),
  GetShortLink: defineAction('user', z.object({ LinkId: shortLinkIdField }).strict(), shortLinkData),
  DeleteShortLink: defineAction('user', z.object({ LinkId: shortLinkIdField }).strict(), emptyData),
  GetShortLinkStatistics: defineAction(
    'user',
    z.object({ LinkId: shortLinkIdField }).strict(),
    shortLinkStatisticsData,
  ),
};
