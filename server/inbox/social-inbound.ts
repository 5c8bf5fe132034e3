import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { socialPosts, socialPostTargets, socialProfiles } from '../db/schema';
import { SOCIAL_INBOX_TYPES } from '../../src/gateway/contract/inbox';
import { SOCIAL_PROFILE_STATUS } from '../../src/gateway/contract/social/platforms';
import type { InboundSocial } from '../platforms/social/inbound-shapes';
import { storeArrived, type ArrivedMessage } from './store';

// Comments and direct messages from the social platforms into the inbox (docs/decisions.md "Social
// messages in the inbox"). The platform account an item is for names the tenant: every Herald account
// with that platform account connected owns it (the unique profile key is per Herald account, so two
// accounts may connect the same Page). Nothing is stored for an account without it. An item is stored
// once per platform message id (the inbox's unique key), so a replayed webhook or a second poll adds
// nothing. One transaction per delivery.

export interface SocialInboundOutcome {
  stored: number;
  ignored: number;
}

const TITLE_MAX = 60;
const snippet = (text: string) => (text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text);

async function postTitle(db: Db, userId: number, platformType: number, platformPostId: string): Promise<string> {
  const [post] = await db
    .select({ text: socialPosts.text, title: socialPosts.youTubeTitle })
    .from(socialPostTargets)
    .innerJoin(socialPosts, eq(socialPosts.id, socialPostTargets.postId))
    .where(
      and(
        eq(socialPosts.userId, userId),
        eq(socialPostTargets.platformType, platformType),
        eq(socialPostTargets.platformPostId, platformPostId),
      ),
    )
    .orderBy(desc(socialPosts.id))
    .limit(1);
  return post ? `“${snippet(post.title || post.text)}”` : `#${platformPostId}`;
}

/** Stores what a platform delivered in the inbox of every account it is for. */
export async function storeSocialInbound(
  db: Db,
  platformType: number,
  items: InboundSocial[],
  now: Date,
): Promise<SocialInboundOutcome> {
  const outcome: SocialInboundOutcome = { stored: 0, ignored: 0 };
  const types = SOCIAL_INBOX_TYPES[platformType];
  await db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    for (const item of items) {
      const typeCode = types?.[item.kind];
      const owners = typeCode
        ? await inTx
            .select({ userId: socialProfiles.userId, name: socialProfiles.name })
            .from(socialProfiles)
            .where(
              and(
                eq(socialProfiles.platformType, platformType),
                eq(socialProfiles.accountId, item.accountId),
                eq(socialProfiles.status, SOCIAL_PROFILE_STATUS.Connected),
              ),
            )
        : [];
      if (!typeCode || owners.length === 0) {
        outcome.ignored += 1;
        continue;
      }
      const messages: ArrivedMessage[] = [];
      for (const owner of owners) {
        const about =
          item.kind === 'comment' ? await postTitle(inTx, owner.userId, platformType, item.threadId) : item.senderName;
        messages.push({
          userId: owner.userId,
          platformType,
          typeCode,
          externalId: item.externalId,
          chatId: `${item.accountId}:${item.threadId}`,
          chatTitle: `${about} → ${owner.name}`.slice(0, 200),
          senderName: item.senderName.slice(0, 200),
          text: item.text.slice(0, 4096),
          receivedAt: item.at,
        });
      }
      outcome.stored += await storeArrived(inTx, messages, now);
    }
  });
  return outcome;
}
