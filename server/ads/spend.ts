import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { adAccountDailyStats, adAccounts } from '../db/schema';
import { adAccountLifecycle } from '../../src/machines/lifecycles/ad-account.machine';

// One truth for spend (docs/decisions.md "Advertising: spend and rebates"). An account's daily row in
// ad_account_daily_stats is what the data report shows AND what its balance paid: the charge sweep pays
// each row's unpaid part (spend − charged) from the balance, day by day, raising consumption by the same
// amount, in one transaction per account with the account row locked — so a sweep that runs twice pays
// nothing twice. A day the balance cannot pay in full is capped: its spend becomes what was paid, its
// impressions, clicks and conversions are scaled down alike, and it is never raised again (the platform
// stopped delivering when the money ran out). An account left at 0 from Normal goes Empty
// (`balance.spendOut`). Facebook (the platform with ad objects) has no account-level rule: its daily row
// is the sum of its ads' rows (ad_daily_stats), rolled up here.

/** Platforms whose spend comes from their ad objects (campaign → ad set → ad), not an account-level rule. */
export const AD_PLATFORMS_WITH_AD_OBJECTS: readonly number[] = [1];

export interface DayToPay {
  day: string;
  spend: number;
  charged: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

export interface PaidDay extends DayToPay {
  capped: boolean;
}

/** Pure: pays `days` (oldest first) from `balance`; what is left, what was paid, and each day as paid. */
export function payDays(
  balance: number,
  days: readonly DayToPay[],
): { balance: number; paid: number; days: PaidDay[] } {
  let left = balance;
  let paid = 0;
  const out: PaidDay[] = [];
  let stopped = false;
  for (const day of days) {
    const owed = Math.max(0, day.spend - day.charged);
    const take = Math.min(owed, Math.max(0, left));
    left -= take;
    paid += take;
    const charged = day.charged + take;
    // After a short day the platform delivered nothing more: a later unpaid day, even one costing 0, is capped.
    if (take === owed && !(stopped && day.charged === 0)) {
      out.push({ ...day, charged, capped: false });
      continue;
    }
    stopped = true;
    const share = day.spend > 0 ? charged / day.spend : 0;
    out.push({
      day: day.day,
      spend: charged,
      charged,
      impressions: Math.floor(day.impressions * share),
      clicks: Math.floor(day.clicks * share),
      conversions: Math.floor(day.conversions * share),
      capped: true,
    });
  }
  return { balance: left, paid, days: out };
}

/** Facebook accounts' daily rows := the sum of their ads' rows (from `oldest` on); capped rows stay. */
export async function rollUpAdObjectDays(db: Db, oldest: string, userId?: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO ad_account_daily_stats (ad_account_id, user_id, platform_id, day, spend, impressions, clicks, conversions)
    SELECT a.id, a.user_id, a.platform_id, s.day, sum(s.spend), sum(s.impressions), sum(s.clicks), sum(s.conversions)
    FROM ad_daily_stats s
    JOIN ad_accounts a ON a.account_id = s.account_id AND a.user_id = s.user_id
    WHERE a.platform_id IN (${sql.join(
      AD_PLATFORMS_WITH_AD_OBJECTS.map((id) => sql`${id}`),
      sql`, `,
    )}) AND s.day >= ${oldest}
      AND ${userId === undefined ? sql`TRUE` : sql`a.user_id = ${userId}`}
    GROUP BY a.id, a.user_id, a.platform_id, s.day
    ON CONFLICT (ad_account_id, day) DO UPDATE SET
      spend = excluded.spend, impressions = excluded.impressions, clicks = excluded.clicks,
      conversions = excluded.conversions
    WHERE NOT ad_account_daily_stats.capped AND ad_account_daily_stats.spend <> excluded.spend`);
}

/** Pays every unpaid daily row (one tenant's, or everyone's) from its account's balance. */
export async function chargeSpend(db: Db, now: Date, userId?: number): Promise<number> {
  const owing = await rowsOf<{ ad_account_id: string }>(
    db,
    sql`SELECT DISTINCT ad_account_id FROM ad_account_daily_stats
        WHERE NOT capped AND charged < spend AND ${userId === undefined ? sql`TRUE` : sql`user_id = ${userId}`}`,
  );
  let total = 0;
  for (const { ad_account_id } of owing) {
    const id = Number(ad_account_id);
    total += await db.transaction(async (tx) => {
      const [account] = await tx.select().from(adAccounts).where(eq(adAccounts.id, id)).for('update');
      if (!account) return 0;
      const rows = await tx
        .select()
        .from(adAccountDailyStats)
        .where(
          and(
            eq(adAccountDailyStats.adAccountId, id),
            eq(adAccountDailyStats.capped, false),
            sql`${adAccountDailyStats.charged} < ${adAccountDailyStats.spend}`,
          ),
        )
        .orderBy(asc(adAccountDailyStats.day));
      const result = payDays(account.balance, rows);
      for (const day of result.days)
        await tx
          .update(adAccountDailyStats)
          .set({
            spend: day.spend,
            charged: day.charged,
            impressions: day.impressions,
            clicks: day.clicks,
            conversions: day.conversions,
            capped: day.capped,
          })
          .where(and(eq(adAccountDailyStats.adAccountId, id), eq(adAccountDailyStats.day, day.day)));
      const status =
        result.balance === 0 && account.balance > 0
          ? (adAccountLifecycle.next(account.status, 'balance.spendOut')?.status ?? account.status)
          : account.status;
      await tx
        .update(adAccounts)
        .set({
          balance: result.balance,
          consumption: account.consumption + result.paid,
          status,
          updatedAt: now,
        })
        .where(eq(adAccounts.id, id));
      return result.paid;
    });
  }
  return total;
}
