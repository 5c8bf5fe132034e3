import { and, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { UserContext } from '../context';
import type { Db } from '../db/database';
import { containsPattern, isUniqueViolation } from '../db/rows';
import { campaigns } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { CAMPAIGN_STATUS } from '../../src/gateway/contract/statuses';
import type {
  CampaignEmailRequest,
  CampaignSmsRequest,
  CampaignSummary,
  CampaignType,
  SaveCampaignInput,
} from '../../src/gateway/contract/actions/campaigns';
import { campaignLifecycle, type CampaignEvent } from '../../src/machines/lifecycles/campaign.machine';
import { emailTemplateUsable } from '../../src/machines/lifecycles/email-template.machine';
import { resolveAudience } from '../audience/send-source';
import { smsPhoneChannel } from '../sms/phone-channel';
import { ownedEmailTemplate } from '../email/templates';
import { usableSender } from '../email/senders';
import { lockMarketingNames, marketingNameFree } from '../plans/names';
import { planNameTaken } from '../plans/store';

// Campaigns (issue 14 item 5, docs/decisions.md "Campaigns"): one row per campaign of an account, holding
// its channel's send request. Every status change goes through the shared lifecycle
// (src/machines/lifecycles/campaign.machine.ts).

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignRequest = CampaignSmsRequest | CampaignEmailRequest;

export function nextCampaignStatus(status: number, event: CampaignEvent['type']): number {
  const next = campaignLifecycle.next(status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

export const requestOf = (row: CampaignRow) => row.request as unknown as CampaignRequest;

/** The list or segment a request sends to, as the summary shows it ('' name once it is gone). */
export function audienceOf(request: CampaignRequest, names: Map<string, string>) {
  const kind = request.ListId !== undefined ? 'list' : 'segment';
  const id = request.ListId ?? request.SegmentId ?? 0;
  return { Kind: kind, Id: id, Name: names.get(`${kind}:${id}`) ?? '' } as const;
}

export function campaignSummaryOf(row: CampaignRow, names: Map<string, string>): CampaignSummary {
  const request = requestOf(row);
  return {
    CampaignId: row.campaignId,
    Name: row.name,
    Type: row.type,
    Aim: row.aim,
    Source: row.source,
    Status: row.status,
    Audience: audienceOf(request, names),
    TemplateId: request.TemplateId,
    SendType: request.SendType,
    ScheduledTime: request.SendType === 'scheduled' ? (request.ScheduledTime ?? '') : '',
    TimeZone: request.TimeZone ?? '',
    TaskId: row.taskId,
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
  };
}

/** The caller's campaign (never another account's, never a deleted one), or NotFound. */
export async function ownedCampaign(db: Db, userId: number, campaignId: string, lock = false): Promise<CampaignRow> {
  const query = db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.campaignId, campaignId),
        eq(campaigns.userId, userId),
        ne(campaigns.status, CAMPAIGN_STATUS.Deleted),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * What the send Action would refuse before any recipient is read: the template (usable, the caller's), the
 * e-mail sender, the list or segment. Cost, balance, limits and the schedule are checked when applying.
 */
async function checkRequest(ctx: UserContext, type: CampaignType, request: CampaignRequest): Promise<void> {
  if (type === 'sms') await smsPhoneChannel.template(ctx, request.TemplateId);
  else {
    const template = await ownedEmailTemplate(ctx.db, ctx.user.id, request.TemplateId);
    if (!emailTemplateUsable(template.status)) throw new ApiError(RetCode.TemplateNotUsable);
    if (!(await usableSender(ctx.db, ctx.user.id, (request as CampaignEmailRequest).SenderId)))
      throw new ApiError(RetCode.EmailSenderNotUsable);
  }
  await resolveAudience(ctx.db, ctx.user.id, request);
}

/** Creates a campaign (no CampaignId: a retry with the same key saves the same one) or saves a Saved one again. */
export async function saveCampaign(ctx: UserContext, input: SaveCampaignInput): Promise<CampaignRow> {
  const { db, user } = ctx;
  const now = ctx.clock.now();
  const withKey = (input.Type === 'sms' ? input.Sms : input.Email) as CampaignRequest;
  const { IdempotencyKey: key, ...request } = withKey;
  await checkRequest(ctx, input.Type, withKey);
  const fields = {
    name: request.TaskName,
    type: input.Type,
    aim: input.Aim,
    source: input.Source ?? 'editor',
    request: request as Record<string, unknown>,
    updatedAt: now,
  };
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockMarketingNames(tx, user.id);
      const [first] =
        !input.CampaignId && key
          ? await tx
              .select()
              .from(campaigns)
              .where(and(eq(campaigns.userId, user.id), eq(campaigns.createKey, key)))
          : [];
      const current = input.CampaignId ? await ownedCampaign(tx, user.id, input.CampaignId, true) : first;
      if (current && current.type !== input.Type) throw new ApiError(RetCode.IllegalTransition);
      if (!(await marketingNameFree(tx, user.id, fields.name, { campaignId: current?.campaignId })))
        throw planNameTaken();
      if (!current) {
        const [row] = await tx
          .insert(campaigns)
          .values({
            campaignId: newPublicId('CP'),
            userId: user.id,
            status: CAMPAIGN_STATUS.Saved,
            createKey: key ?? null,
            ...fields,
            createdAt: now,
          })
          .returning();
        return row;
      }
      const status = nextCampaignStatus(current.status, 'campaign.save');
      const [row] = await tx
        .update(campaigns)
        .set({ status, ...fields })
        .where(eq(campaigns.id, current.id))
        .returning();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw planNameTaken();
    throw error;
  }
}

/** Names of the lists and segments the rows send to, keyed `list:<id>` / `segment:<id>`. */
export async function audienceNames(db: Db, userId: number, rows: CampaignRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const row of rows) {
    const request = requestOf(row);
    const key = request.ListId !== undefined ? `list:${request.ListId}` : `segment:${request.SegmentId}`;
    if (names.has(key)) continue;
    try {
      names.set(key, (await resolveAudience(db, userId, request)).audience.Name);
    } catch {
      names.set(key, '');
    }
  }
  return names;
}

export async function listCampaigns(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Keyword?: string; Type?: CampaignType; Status?: number },
) {
  const conditions: (SQL | undefined)[] = [eq(campaigns.userId, userId), ne(campaigns.status, CAMPAIGN_STATUS.Deleted)];
  if (query.Keyword) conditions.push(ilike(campaigns.name, containsPattern(query.Keyword)));
  if (query.Type) conditions.push(eq(campaigns.type, query.Type));
  if (query.Status !== undefined) conditions.push(eq(campaigns.status, query.Status));
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(where);
  const rows = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.updatedAt), desc(campaigns.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** Deletes campaigns of the caller as the lifecycle allows; all or none. An applied campaign's task stays. */
export async function deleteCampaigns(db: Db, userId: number, campaignIds: string[], now: Date) {
  await db.transaction(async (tx) => {
    const ids = [...new Set(campaignIds)];
    const rows = await tx
      .select()
      .from(campaigns)
      .where(
        and(
          inArray(campaigns.campaignId, ids),
          eq(campaigns.userId, userId),
          ne(campaigns.status, CAMPAIGN_STATUS.Deleted),
        ),
      )
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) nextCampaignStatus(row.status, 'campaign.delete');
    await tx
      .update(campaigns)
      .set({ status: CAMPAIGN_STATUS.Deleted, updatedAt: now })
      .where(
        inArray(
          campaigns.id,
          rows.map((row) => row.id),
        ),
      );
  });
}
