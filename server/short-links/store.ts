import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { shortLinks, shortLinkStats, type ShortLinkRow } from '../db/schema';
import { notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import type { Clock } from '../clock';
import type { z } from 'zod';
import { originalUrl, shortLinkAddress, type shortLinkFormSchema } from '../../src/gateway/contract/short-links';
import type { ShortLink } from '../../src/gateway/contract/actions/short-links';
import { newShortCode } from './codes';

// The short links of an account (tenant: user_id on every read and write).

export const SHORT_LINK_STATUS = { Live: 0, Deleted: 9 } as const;

interface Deps {
  db: Db;
  clock: Clock;
}

export interface ShortLinkWithCounts extends ShortLinkRow {
  pv: number;
  uv: number;
}

export function shortLinkData(row: ShortLinkWithCounts, origin: string): ShortLink {
  const url = new URL(origin);
  const shortUrl = shortLinkAddress(url.origin, row.code);
  return {
    LinkId: row.linkId,
    Title: row.title,
    Url: row.destination,
    OriginalUrl: row.originalUrl,
    UtmSource: row.utmSource,
    UtmMedium: row.utmMedium,
    UtmCampaign: row.utmCampaign,
    UtmTerm: row.utmTerm,
    UtmContent: row.utmContent,
    Proto: url.protocol.replace(':', ''),
    ShortLinkDomain: url.host,
    ShortLink: shortUrl.slice(url.origin.length + 1),
    ShortUrl: shortUrl,
    QrUrl: shortLinkAddress(url.origin, row.code, true),
    Pv: row.pv,
    Uv: row.uv,
    CreateTime: unix(row.createdAt),
  };
}

type CreateInput = z.output<typeof shortLinkFormSchema>;

export async function createShortLink(deps: Deps, userId: number, input: CreateInput): Promise<ShortLinkWithCounts> {
  const term = input.UtmTerm ?? '';
  const content = input.UtmContent ?? '';
  // A code collision (1 in ~10^14 per pair) is retried with a new code; the unique index decides.
  for (let attempt = 0; ; attempt++) {
    const [row] = await deps.db
      .insert(shortLinks)
      .values({
        linkId: newPublicId('SL'),
        userId,
        code: newShortCode(),
        title: input.Title,
        destination: input.Url,
        utmSource: input.UtmSource,
        utmMedium: input.UtmMedium,
        utmCampaign: input.UtmCampaign,
        utmTerm: term,
        utmContent: content,
        originalUrl: originalUrl(input.Url, {
          source: input.UtmSource,
          medium: input.UtmMedium,
          campaign: input.UtmCampaign,
          term,
          content,
        }),
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return { ...row, pv: 0, uv: 0 };
    if (attempt >= 5) throw new Error('no free short code after 6 attempts');
  }
}

const withCounts = {
  pv: sql<number>`coalesce(${shortLinkStats.pv}, 0)`.mapWith(Number),
  uv: sql<number>`coalesce(${shortLinkStats.uv}, 0)`.mapWith(Number),
};

/**
 * The account's live link that redirects to the same original URL (destination + UTM), else a new one: a
 * composer inserting a link for a campaign twice gets one link, so its statistics stay the campaign's. The
 * account's lock on that URL (held to the transaction's end) keeps two inserts at once from making two.
 */
export async function findOrCreateShortLink(
  deps: Deps,
  userId: number,
  input: CreateInput,
): Promise<{ link: ShortLinkWithCounts; reused: boolean }> {
  const target = originalUrl(input.Url, {
    source: input.UtmSource,
    medium: input.UtmMedium,
    campaign: input.UtmCampaign,
    term: input.UtmTerm ?? '',
    content: input.UtmContent ?? '',
  });
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`short-link:${userId}:${target}`}))`);
    const [found] = await tx
      .select({ link: shortLinks, ...withCounts })
      .from(shortLinks)
      .leftJoin(shortLinkStats, eq(shortLinkStats.linkId, shortLinks.id))
      .where(
        and(
          eq(shortLinks.userId, userId),
          eq(shortLinks.status, SHORT_LINK_STATUS.Live),
          eq(shortLinks.originalUrl, target),
        ),
      )
      .orderBy(asc(shortLinks.createdAt), asc(shortLinks.id))
      .limit(1);
    if (found) return { link: { ...found.link, pv: found.pv, uv: found.uv }, reused: true };
    return { link: await createShortLink({ db: tx, clock: deps.clock }, userId, input), reused: false };
  });
}

export async function ownedShortLink(db: Db, userId: number, linkId: string): Promise<ShortLinkWithCounts> {
  const [row] = await db
    .select({ link: shortLinks, ...withCounts })
    .from(shortLinks)
    .leftJoin(shortLinkStats, eq(shortLinkStats.linkId, shortLinks.id))
    .where(
      and(eq(shortLinks.linkId, linkId), eq(shortLinks.userId, userId), eq(shortLinks.status, SHORT_LINK_STATUS.Live)),
    );
  if (!row) throw notFound();
  return { ...row.link, pv: row.pv, uv: row.uv };
}

/** Newest first; the keyword matches the title, the destination or the code. */
export async function listShortLinks(
  db: Db,
  userId: number,
  options: { keyword?: string; page: number; pageSize: number },
): Promise<{ rows: ShortLinkWithCounts[]; total: number }> {
  const keyword = options.keyword?.trim();
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(shortLinks.userId, userId),
    eq(shortLinks.status, SHORT_LINK_STATUS.Live),
    pattern
      ? or(ilike(shortLinks.title, pattern), ilike(shortLinks.destination, pattern), ilike(shortLinks.code, pattern))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ link: shortLinks, ...withCounts })
      .from(shortLinks)
      .leftJoin(shortLinkStats, eq(shortLinkStats.linkId, shortLinks.id))
      .where(where)
      .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(shortLinks)
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.link, pv: r.pv, uv: r.uv })), total };
}

export async function deleteShortLink(db: Db, row: ShortLinkRow): Promise<void> {
  await db.update(shortLinks).set({ status: SHORT_LINK_STATUS.Deleted }).where(eq(shortLinks.id, row.id));
}

/** The live link a redirect code names (any account's: the code is the public address). */
export async function liveLinkByCode(db: Db, code: string): Promise<{ id: number; originalUrl: string } | null> {
  const [row] = await db
    .select({ id: shortLinks.id, originalUrl: shortLinks.originalUrl })
    .from(shortLinks)
    .where(and(eq(shortLinks.code, code), eq(shortLinks.status, SHORT_LINK_STATUS.Live)));
  return row ?? null;
}
