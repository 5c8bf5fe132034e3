import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { socialProfiles } from '../db/schema';
import type { SocialPlatforms } from '../platforms';
import { POLLED_COMMENT_PLATFORMS } from '../platforms/social/inbound-shapes';
import { INBOX_LIMITS } from '../../src/gateway/contract/inbox';
import { SOCIAL_PROFILE_STATUS, type SocialPlatformType } from '../../src/gateway/contract/social/platforms';
import { storeSocialInbound } from './social-inbound';

// X and YouTube comments into the inbox (docs/decisions.md "Social messages in the inbox"): their real APIs
// push no comment webhook, so each connected profile's comments of the inbox's own window (7 days, spec 001
// §9) are read on a timer. A comment already stored is left as it is (the inbox's unique key), so re-reading
// the window costs a query, not a duplicate; no cursor to lose. A profile whose platform refuses is skipped
// (the connection check turns it to error).

export interface SocialPollWork {
  db: Db;
  now: Date;
  platforms: SocialPlatforms;
}

const DAY_MS = 86_400_000;

/** Reads every connected X and YouTube profile's recent comments; answers how many were new. */
export async function pollSocialComments(work: SocialPollWork): Promise<number> {
  const profiles = await work.db
    .select()
    .from(socialProfiles)
    .where(
      and(
        inArray(socialProfiles.platformType, [...POLLED_COMMENT_PLATFORMS]),
        eq(socialProfiles.status, SOCIAL_PROFILE_STATUS.Connected),
      ),
    );
  const since = new Date(work.now.getTime() - INBOX_LIMITS.shortWindowDays * DAY_MS);
  let stored = 0;
  // one read per platform account: two Herald accounts with the same one are both served by it
  const seen = new Set<string>();
  for (const profile of profiles) {
    const key = `${profile.platformType}:${profile.accountId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      const platform = work.platforms(profile.platformType as SocialPlatformType);
      const comments = await platform.comments(profile.accessToken, profile.accountId, since);
      stored += (await storeSocialInbound(work.db, profile.platformType, comments, work.now)).stored;
    } catch (error) {
      console.warn('[inbox] social poll', profile.profileId, error instanceof Error ? error.message : error);
    }
  }
  return stored;
}
