import type { BuyRecord } from './actions/subscriptions';
import { RECORD_STATUS } from './statuses';

const DAY_SECONDS = 86_400;

/** The active purchase record (Status Active and not yet ended), newest first as the gateway answers. */
export function activeRecord(records: readonly BuyRecord[], nowMs: number): BuyRecord | undefined {
  return records.find((record) => record.Status === RECORD_STATUS.Active && record.EndTime * 1000 > nowMs);
}

/** Whole days left, rounded up: 3.2 days left shows as 4; under a day shows as 1. */
export function remainingDays(record: BuyRecord, nowMs: number): number {
  return Math.max(0, Math.ceil((record.EndTime - nowMs / 1000) / DAY_SECONDS));
}
