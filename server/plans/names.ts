import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { campaigns, mktPlans } from '../db/schema';
import { CAMPAIGN_STATUS, MKT_PLAN_STATUS } from '../../src/gateway/contract/statuses';

// Marketing names (spec 001 §5 "plan and campaign names unique"; docs/decisions.md "Campaigns"): a plan and
// a campaign of one account never share a name, whatever its case. Each table's unique index keeps its own
// names apart; across the two tables, a save takes the account's marketing-name lock first, so two saves
// of one name (a plan and a campaign) cannot both find it free.

/** Holds the account's marketing-name lock until the transaction ends. */
export async function lockMarketingNames(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`marketing-names:${userId}`}))`);
}

/** Is the name free among the account's plans and campaigns (not deleted)? The one being saved is left out. */
export async function marketingNameFree(
  db: Db,
  userId: number,
  name: string,
  saving: { planId?: string; campaignId?: string } = {},
): Promise<boolean> {
  const lower = name.trim().toLowerCase();
  const [plan] = await db
    .select({ id: mktPlans.id })
    .from(mktPlans)
    .where(
      and(
        eq(mktPlans.userId, userId),
        ne(mktPlans.status, MKT_PLAN_STATUS.Deleted),
        sql`lower(${mktPlans.name}) = ${lower}`,
        saving.planId ? ne(mktPlans.planId, saving.planId) : undefined,
      ),
    )
    .limit(1);
  if (plan) return false;
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.userId, userId),
        ne(campaigns.status, CAMPAIGN_STATUS.Deleted),
        sql`lower(${campaigns.name}) = ${lower}`,
        saving.campaignId ? ne(campaigns.campaignId, saving.campaignId) : undefined,
      ),
    )
    .limit(1);
  return !campaign;
}
