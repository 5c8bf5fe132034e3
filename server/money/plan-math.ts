import type { subscriptionPackages, subscriptionRecords } from '../db/schema';
import { RECORD_STATUS } from '../../src/gateway/contract/statuses';

export type PackageRow = typeof subscriptionPackages.$inferSelect;
export type RecordRow = typeof subscriptionRecords.$inferSelect;
export type PeriodUnit = 'day' | 'month' | 'year';

const DAY_MS = 86_400_000;

/** The end of `count` periods from `start`: days are 24 h, months and years are calendar (UTC) ones. */
export function addPeriods(start: Date, unit: PeriodUnit, count: number): Date {
  if (unit === 'day') return new Date(start.getTime() + count * DAY_MS);
  const end = new Date(start.getTime());
  end.setUTCMonth(end.getUTCMonth() + (unit === 'year' ? 12 * count : count));
  return end;
}

export function priceEntry(pkg: PackageRow, unit: PeriodUnit) {
  return pkg.prices.find((entry) => entry.PeriodUnit === unit);
}

/** Share of a record's paid time still ahead of `now` (1 for a renewal not started yet, 0 once ended). */
export function remainingShare(record: RecordRow, now: Date): number {
  const total = record.endsAt.getTime() - record.startsAt.getTime();
  if (total <= 0) return 0;
  const left = record.endsAt.getTime() - Math.max(now.getTime(), record.startsAt.getTime());
  return Math.min(1, Math.max(0, left / total));
}

/** A record counts while it is Active and has not ended (a queued renewal counts too). */
export const isLive = (record: RecordRow, now: Date) => record.status === RECORD_STATUS.Active && record.endsAt > now;

export interface UpgradeQuote {
  /** the new package's value for the remaining time */
  listAmount: number;
  /** the unused value of the records being replaced */
  creditAmount: number;
  amount: number;
  endsAt: Date;
}

/**
 * docs/decisions.md "Plans and money": an upgrade keeps the current end date. For every live paid
 * record it replaces, the new package's price for that record's period (same unit and length) times
 * the share of the period still ahead is added, and what was paid times the same share is credited.
 * Value is rounded up and credit down, so proration never pays the customer a fraction of a unit.
 */
export function quoteUpgrade(records: RecordRow[], target: PackageRow, now: Date): UpgradeQuote {
  let listAmount = 0;
  let creditAmount = 0;
  let endsAt = now;
  for (const record of records) {
    const share = remainingShare(record, now);
    const entry = priceEntry(target, record.periodUnit);
    const periods = entry ? record.period / entry.Period : 0;
    listAmount += Math.ceil((entry?.Price ?? 0) * periods * share);
    creditAmount += Math.floor(record.costAmount * share);
    if (record.endsAt > endsAt) endsAt = record.endsAt;
  }
  return { listAmount, creditAmount, amount: Math.max(0, listAmount - creditAmount), endsAt };
}
