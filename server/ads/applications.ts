import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { adAccounts, adApplications } from '../db/schema';
import { newPublicId } from '../lib/ids';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { adAccountLifecycle } from '../../src/machines/lifecycles/ad-account.machine';
import {
  AD_ACCOUNT_STATUS,
  AD_OPENING_COMMON_FIELDS,
  AD_OPENING_STATUS,
  type AdPlatformId,
} from '../../src/gateway/contract/advertising';
import type { AdApplication, AdOpeningRequest } from '../../src/gateway/contract/actions/advertising';
import { unixSecondsOf, type AdWork } from './work';

// Opening applications (issue 17 item 3): stored Pending Review, reviewed by the platform in a job after
// its review delay, which opens the accounts Empty or fails the application with the platform's reason.

type ApplicationRow = typeof adApplications.$inferSelect;

/** The form's platform-specific answers: every field that is not a column. */
function extraFields(input: AdOpeningRequest): Record<string, string> {
  const common = new Set<string>([...AD_OPENING_COMMON_FIELDS, 'PlatformId']);
  return Object.fromEntries(
    Object.entries(input).filter(([key, value]) => !common.has(key) && typeof value === 'string' && value !== ''),
  ) as Record<string, string>;
}

export async function applyForAccounts(work: AdWork, userId: number, input: AdOpeningRequest): Promise<ApplicationRow> {
  const [row] = await work.db
    .insert(adApplications)
    .values({
      applicationId: newPublicId('AA'),
      userId,
      platformId: input.PlatformId,
      status: AD_OPENING_STATUS.PendingReview,
      accountName: input.AccountName,
      companyName: input.CompanyName,
      promotionLink: input.PromotionLink,
      timeZone: input.TimeZone,
      currency: input.Currency,
      quantity: input.Quantity,
      fields: {
        ...extraFields(input),
        RegisteredRegion: input.RegisteredRegion,
        LicenseNumber: input.LicenseNumber,
        Industry: input.Industry,
        SubIndustry: input.SubIndustry,
      },
      createdAt: work.now,
    })
    .returning();
  await enqueueAfterCommit(work, QUEUE.adOpeningReview, { id: row.id }, { startAfterMs: work.delays.reviewMs });
  return row;
}

/**
 * The review job: at-least-once, so it claims Pending Review (or a review cut short at Pending Opening),
 * and the accounts' ids are the platform's deterministic ones (a rerun inserts nothing twice).
 */
export async function reviewApplication(work: AdWork, id: number): Promise<void> {
  const [row] = await work.db
    .update(adApplications)
    .set({ status: AD_OPENING_STATUS.PendingOpening })
    .where(
      and(
        eq(adApplications.id, id),
        inArray(adApplications.status, [AD_OPENING_STATUS.PendingReview, AD_OPENING_STATUS.PendingOpening]),
      ),
    )
    .returning();
  if (!row) return;
  const decision = await work.platforms(row.platformId as AdPlatformId).reviewOpening({
    applicationId: row.applicationId,
    sequence: row.id,
    accountName: row.accountName,
    companyName: row.companyName,
    quantity: row.quantity,
    currency: row.currency,
    timeZone: row.timeZone,
    fields: row.fields,
  });
  await work.db.transaction(async (tx) => {
    if (!decision.approved) {
      await tx
        .update(adApplications)
        .set({ status: AD_OPENING_STATUS.Failed, reason: decision.reason, reviewedAt: work.now })
        .where(eq(adApplications.id, row.id));
      return;
    }
    const opened = adAccountLifecycle.next(AD_ACCOUNT_STATUS.PendingReview, 'review.approve')!.status;
    await tx
      .insert(adAccounts)
      .values(
        decision.accounts.map((account) => ({
          accountId: account.accountId,
          userId: row.userId,
          platformId: row.platformId,
          applicationId: row.id,
          name: account.name,
          companyName: row.companyName,
          status: opened,
          platformStatus: account.platformStatus,
          currency: row.currency,
          timeZone: row.timeZone,
          createdAt: work.now,
          updatedAt: work.now,
        })),
      )
      .onConflictDoNothing({ target: adAccounts.accountId });
    await tx
      .update(adApplications)
      .set({ status: AD_OPENING_STATUS.Opened, reviewedAt: work.now })
      .where(eq(adApplications.id, row.id));
  });
}

export async function listApplications(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; PlatformId?: number },
): Promise<{ total: number; rows: ApplicationRow[] }> {
  const where = and(
    eq(adApplications.userId, userId),
    query.PlatformId ? eq(adApplications.platformId, query.PlatformId) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(adApplications).where(where);
  const rows = await db
    .select()
    .from(adApplications)
    .where(where)
    .orderBy(desc(adApplications.createdAt), desc(adApplications.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

export const applicationData = (row: ApplicationRow): AdApplication => ({
  ApplicationId: row.applicationId,
  PlatformId: row.platformId,
  AccountName: row.accountName,
  Quantity: row.quantity,
  Status: row.status,
  Reason: row.reason,
  CreateTime: unixSecondsOf(row.createdAt),
});

/** Applications the platform has not answered yet (the start-up sweep queues them again). */
export async function unreviewedApplications(db: Db): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(adApplications)
    .where(inArray(adApplications.status, [AD_OPENING_STATUS.PendingReview, AD_OPENING_STATUS.PendingOpening]));
}
