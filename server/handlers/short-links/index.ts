import type { HandlerMap } from '../../context';
import {
  createShortLink,
  deleteShortLink,
  findOrCreateShortLink,
  listShortLinks,
  ownedShortLink,
  shortLinkData,
} from '../../short-links/store';
import { statsOf } from '../../short-links/aggregate';
import { unix } from '../../lib/time';
import type { StoredCount } from '../../db/schema';

// Short-link Actions (docs/decisions.md "Short links"): thin over server/short-links; every read and write
// is scoped to the caller's account.

const counts = (rows: StoredCount[] | undefined) => (rows ?? []).map((r) => ({ Name: r.name, Count: r.count }));

export const shortLinkHandlers: HandlerMap = {
  async ListShortLink(input, ctx) {
    const { rows, total } = await listShortLinks(ctx.db, ctx.user.id, {
      keyword: input.Keyword,
      page: input.Page ?? 1,
      pageSize: input.PageSize ?? 20,
    });
    return { Links: rows.map((row) => shortLinkData(row, ctx.origin)), Total: total };
  },
  async CreateShortLink(input, ctx) {
    return shortLinkData(await createShortLink(ctx, ctx.user.id, input), ctx.origin);
  },
  async FindOrCreateShortLink(input, ctx) {
    const { link, reused } = await findOrCreateShortLink(ctx, ctx.user.id, input);
    return { ...shortLinkData(link, ctx.origin), Reused: reused };
  },
  async GetShortLink(input, ctx) {
    return shortLinkData(await ownedShortLink(ctx.db, ctx.user.id, input.LinkId), ctx.origin);
  },
  async DeleteShortLink(input, ctx) {
    await deleteShortLink(ctx.db, await ownedShortLink(ctx.db, ctx.user.id, input.LinkId));
    return {};
  },
  async GetShortLinkStatistics(input, ctx) {
    const link = await ownedShortLink(ctx.db, ctx.user.id, input.LinkId);
    const { row, lastRefresh } = await statsOf(ctx.db, link.id);
    const breakdown = row?.breakdown;
    return {
      LinkId: link.linkId,
      Pv: row?.pv ?? 0,
      Uv: row?.uv ?? 0,
      Clicks: row?.clicks ?? 0,
      QrScans: row?.qrScans ?? 0,
      Locations: counts(breakdown?.locations),
      Referrers: counts(breakdown?.referrers),
      Devices: counts(breakdown?.devices),
      Systems: counts(breakdown?.systems),
      Browsers: counts(breakdown?.browsers),
      Languages: counts(breakdown?.languages),
      Daily: (row?.daily ?? []).map((d) => ({ Day: d.day, Pv: d.pv, Uv: d.uv })),
      RefreshTime: unix(lastRefresh),
    };
  },
};
