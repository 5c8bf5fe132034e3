import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { socialPosts } from '../db/schema';
import { SOCIAL_POST_STATUS } from '../../src/gateway/contract/statuses';
import { CALENDAR_EVENT_STATE, CALENDAR_ITEM_TYPE } from '../../src/gateway/contract/calendar';
import type { CalendarEvent } from '../../src/gateway/contract/actions/calendar';

// Social posts on the calendar (type 4; docs/decisions.md "Social profiles and posts"): scheduled while
// Scheduled or Submitted, sent once Success or Failed, by their send time. Drafts and cancelled posts
// have no time to show. A scheduled post links to the composer (it can be edited there), any other to
// the posts list. Not movable: the composer moves a scheduled post.

const TITLE_LENGTH = 60;
const SCHEDULED: number[] = [SOCIAL_POST_STATUS.Scheduled, SOCIAL_POST_STATUS.Submitted];
const SHOWN = [...SCHEDULED, SOCIAL_POST_STATUS.Success, SOCIAL_POST_STATUS.Failed];

export async function socialPostEvents(
  db: Db,
  query: { userId: number; from: Date; to: Date; types?: readonly number[] },
): Promise<CalendarEvent[]> {
  if (query.types && !query.types.includes(CALENDAR_ITEM_TYPE.post)) return [];
  const rows = await db
    .select({
      postId: socialPosts.postId,
      text: socialPosts.text,
      status: socialPosts.status,
      sendTime: socialPosts.sendTime,
    })
    .from(socialPosts)
    .where(
      and(
        eq(socialPosts.userId, query.userId),
        inArray(socialPosts.status, SHOWN),
        gte(socialPosts.sendTime, query.from),
        lt(socialPosts.sendTime, query.to),
      ),
    )
    .orderBy(asc(socialPosts.sendTime), asc(socialPosts.id));
  return rows.map((row) => {
    const scheduled = SCHEDULED.includes(row.status);
    return {
      Type: CALENDAR_ITEM_TYPE.post,
      Id: row.postId,
      Title: row.text.length > TITLE_LENGTH ? `${row.text.slice(0, TITLE_LENGTH - 1)}…` : row.text,
      StartTime: Math.floor(row.sendTime!.getTime() / 1000),
      State: scheduled ? CALENDAR_EVENT_STATE.scheduled : CALENDAR_EVENT_STATE.sent,
      Link:
        row.status === SOCIAL_POST_STATUS.Scheduled
          ? `/mkthub/post/social/message/${row.postId}`
          : '/mkthub/socialMedialist',
      Movable: false,
    };
  });
}
