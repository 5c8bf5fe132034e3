import type { Db } from '../db/database';
import type { AdPlatforms } from '../platforms/ads';
import type { AdOperationsPlatforms } from '../platforms/ads/operations';
import { accrueFbAdStats } from './facebook/review';
import { fillDailyStats, utcDay } from './report';
import { proposeRebates, settleRebates } from './rebates';

// The spend sweep (docs/decisions.md "Advertising: closing issue 17"): the one place where the platforms'
// daily figures become money. It writes the active Facebook ads' rows, fills the other accounts' rows, rolls
// the ads' rows up to their accounts, pays every unpaid row from its account's balance, then proposes and
// settles the monthly rebates. It runs as the pg-boss job `ad-spend-sweep` (queued by every worker on its
// schedule, HERALD_AD_STATS_SWEEP_MS); the data report only reads what the last sweep wrote, so reading it
// never moves money. Every step is idempotent (missing rows only, charged parts, keyed rebates).

export interface AdSpendSweepWork {
  db: Db;
  now: Date;
  platforms: AdPlatforms;
  operations: AdOperationsPlatforms;
  rebateDelayMs: number;
}

export async function sweepAdSpend(work: AdSpendSweepWork, userId?: number): Promise<void> {
  await accrueFbAdStats(work, undefined, userId);
  await fillDailyStats(work.db, work.operations, utcDay(work.now), userId, work.now);
  await proposeRebates(work.db, work.now, userId);
  await settleRebates(work.db, work.platforms, work.now, work.rebateDelayMs, userId);
}
