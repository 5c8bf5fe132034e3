import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { socialProfiles } from '../db/schema';
import { ApiError } from '../errors';
import type { SocialPlatforms } from '../platforms';
import type { SocialReply } from '../platforms/social/social-platform';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { inboxKindOf } from '../../src/gateway/contract/inbox';
import { SOCIAL_PROFILE_STATUS, type SocialPlatformType } from '../../src/gateway/contract/social/platforms';
import type { InboxRow } from './store';

// A reply to a social comment or direct message (docs/decisions.md "Social messages in the inbox"): through
// the profile the message came to (chat id: the platform account and the post or the sender), with that
// profile's token. A comment gets a public reply under it; a direct message a message back to its sender.
// A profile no longer connected (removed, or its token refused) is 239705 InboxPlatformUnavailable.

export async function replyOnSocial(
  db: Db,
  platforms: SocialPlatforms,
  userId: number,
  message: InboxRow,
  reply: SocialReply,
): Promise<string> {
  const separator = message.chatId.indexOf(':');
  const accountId = message.chatId.slice(0, separator);
  const threadId = message.chatId.slice(separator + 1);
  const [profile] = await db
    .select()
    .from(socialProfiles)
    .where(
      and(
        eq(socialProfiles.userId, userId),
        eq(socialProfiles.platformType, message.platformType),
        eq(socialProfiles.accountId, accountId),
      ),
    );
  if (!profile || profile.status !== SOCIAL_PROFILE_STATUS.Connected)
    throw new ApiError(RetCode.InboxPlatformUnavailable);
  const platform = platforms(message.platformType as SocialPlatformType);
  const sent =
    inboxKindOf(message.typeCode) === 'private'
      ? await platform.sendMessage(profile.accessToken, {
          ...reply,
          recipientId: threadId,
          replyTo: message.externalId,
        })
      : await platform.replyToComment(profile.accessToken, { ...reply, commentId: message.externalId });
  return sent.id;
}
