import type { Db } from '../db/database';
import type { JobQueue } from '../queue';
import type { AdPlatforms } from '../platforms/ads';

/** What the advertising domain needs from a request or a job. */
export interface AdWork {
  db: Db;
  now: Date;
  jobs: JobQueue;
  platforms: AdPlatforms;
  delays: { reviewMs: number; rechargeMs: number };
}

export const unixSecondsOf = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : 0);
