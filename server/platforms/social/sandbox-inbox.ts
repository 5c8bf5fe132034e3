import { createHash, randomBytes } from 'node:crypto';
import type { ServerDeps } from '../../context';
import { sandboxSocialComments } from '../../db/schema';
import { SOCIAL_PLATFORM } from '../../../src/gateway/contract/social/platforms';
import { SOCIAL_INBOX_TYPES } from '../../../src/gateway/contract/inbox';
import { POLLED_COMMENT_PLATFORMS } from './inbound-shapes';
import { signSocialWebhook, socialWebhookSecret } from './webhook-signature';

// The sandbox social platforms' inbox side (docs/decisions.md "Social messages in the inbox"). Rules:
// - Someone comments on a post (/dev/social, or the automatic rule below): Facebook, Instagram, LinkedIn
//   and TikTok push it at once as their signed webhook to the gateway's /webhooks/social/{type} (retried
//   after 1, 2 and 4 s when the answer is not 200); X and YouTube keep it, and answer it to Herald's poll
//   (GET /sandbox/social/{type}/comments?since) like their real APIs' comment reads.
// - Someone sends a direct message (Facebook Messenger, Instagram Direct only): pushed as the Graph
//   webhook's `messaging`. `hoursAgo` (0-720) dates a comment or message back, to try the 24-hour and
//   7-day rules without moving the clock.
// - Automatic: a post whose text contains a question mark (? or ？) gets a comment from "Sandbox follower"
//   ("Good question! Following for the answer.") one second after the platform took it.
// - Replies (POST …/comments/{id}/replies, …/messages) are kept once per Idempotency-Key in the outbox
//   (/dev/outbox, channel "social"); a reply containing "#refuse" is refused (400) like a post. Direct
//   messages exist on Facebook and Instagram only (404 elsewhere).

export const SANDBOX_FOLLOWER = 'Sandbox follower';
export const SANDBOX_FOLLOWER_TEXT = 'Good question! Following for the answer.';
export const SANDBOX_WEBHOOK_RETRY_MS = [1000, 2000, 4000];
export const SANDBOX_DM_PLATFORMS: readonly number[] = [SOCIAL_PLATFORM.Facebook, SOCIAL_PLATFORM.Instagram];

export interface SandboxInbound {
  platformType: number;
  /** the profile's platform account id */
  accountId: string;
  authorName: string;
  text: string;
  at: Date;
}

/** A stable platform id for a person's name: the same commenter is the same id. */
export const sandboxPersonId = (name: string) =>
  String(BigInt(`0x${createHash('sha256').update(`person:${name}`).digest('hex').slice(0, 13)}`));
const randomDigits = () => String(BigInt(`0x${randomBytes(7).toString('hex')}`));
const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The platform's webhook body for a new comment on a post (pushing platforms), and its comment id. */
export function commentWebhookBody(c: SandboxInbound, postId: string): { body: object; commentId: string } {
  const from = { id: sandboxPersonId(c.authorName), name: c.authorName };
  switch (c.platformType) {
    case SOCIAL_PLATFORM.Facebook: {
      const commentId = `${postId}_${randomDigits()}`;
      const value = {
        item: 'comment',
        verb: 'add',
        comment_id: commentId,
        post_id: `${c.accountId}_${postId}`,
        message: c.text,
        from,
        created_time: unixSeconds(c.at),
      };
      return {
        commentId,
        body: {
          object: 'page',
          entry: [{ id: c.accountId, time: unixSeconds(c.at), changes: [{ field: 'feed', value }] }],
        },
      };
    }
    case SOCIAL_PLATFORM.Instagram: {
      const commentId = randomDigits();
      const value = {
        id: commentId,
        text: c.text,
        from: { id: from.id, username: c.authorName },
        media: { id: postId },
      };
      return {
        commentId,
        body: {
          object: 'instagram',
          entry: [{ id: c.accountId, time: unixSeconds(c.at), changes: [{ field: 'comments', value }] }],
        },
      };
    }
    case SOCIAL_PLATFORM.LinkedIn: {
      const commentId = `urn:li:comment:(urn:li:share:${postId},${randomDigits()})`;
      const notification = {
        notificationId: Number(randomDigits().slice(0, 12)),
        action: 'COMMENT',
        organizationalEntity: `urn:li:organization:${c.accountId}`,
        sourcePost: `urn:li:share:${postId}`,
        generatedActivity: commentId,
        actor: `urn:li:person:${from.id}`,
        lastModifiedAt: c.at.getTime(),
        comment: { text: c.text, actorName: c.authorName },
      };
      return { commentId, body: { type: 'ORGANIZATION_SOCIAL_ACTION_NOTIFICATIONS', notifications: [notification] } };
    }
    default: {
      const commentId = randomDigits();
      const content = {
        comment_id: commentId,
        video_id: postId,
        text: c.text,
        username: c.authorName,
        create_time: unixSeconds(c.at),
      };
      return {
        commentId,
        body: {
          client_key: 'herald-sandbox',
          event: 'comment.create',
          create_time: unixSeconds(c.at),
          user_openid: c.accountId,
          content: JSON.stringify(content),
        },
      };
    }
  }
}

/** Messenger / Instagram Direct's webhook body for a direct message to the account. */
export function directMessageWebhookBody(m: SandboxInbound): { body: object; messageId: string } {
  const messageId = `m_${randomBytes(12).toString('base64url')}`;
  const event = {
    sender: { id: sandboxPersonId(m.authorName), name: m.authorName },
    recipient: { id: m.accountId },
    timestamp: m.at.getTime(),
    message: { mid: messageId, text: m.text },
  };
  const object = m.platformType === SOCIAL_PLATFORM.Instagram ? 'instagram' : 'page';
  return { messageId, body: { object, entry: [{ id: m.accountId, time: m.at.getTime(), messaging: [event] }] } };
}

/** Signs and posts one webhook to the gateway as the platform would, retrying on failure. */
export async function deliverSocialWebhook(
  deps: ServerDeps,
  platformType: number,
  body: object,
  retryMs = SANDBOX_WEBHOOK_RETRY_MS,
): Promise<{ attempts: number; delivered: boolean }> {
  const raw = JSON.stringify(body);
  const secret = await socialWebhookSecret(deps.database.db, deps.config, platformType);
  const url = `${(deps.config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '')}/webhooks/social/${platformType}`;
  for (let attempt = 0; attempt <= retryMs.length; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryMs[attempt - 1]));
    // signed at each attempt: TikTok's signature carries its time
    const signature = signSocialWebhook(platformType, secret, raw, Math.floor(deps.clock.nowMs() / 1000));
    const ok = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [signature.header]: signature.value },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) return { attempts: attempt + 1, delivered: true };
  }
  return { attempts: retryMs.length + 1, delivered: false };
}

/** Someone comments on the account's post: pushed by webhook, or kept for the poll (X, YouTube). */
export async function sandboxComment(
  deps: ServerDeps,
  comment: SandboxInbound,
  postId: string,
): Promise<{ commentId: string; delivered: boolean }> {
  if (POLLED_COMMENT_PLATFORMS.includes(comment.platformType)) {
    const commentId = randomDigits();
    await deps.database.db.insert(sandboxSocialComments).values({
      platformType: comment.platformType,
      accountId: comment.accountId,
      commentId,
      postId,
      authorId: sandboxPersonId(comment.authorName),
      authorName: comment.authorName,
      text: comment.text,
      createdAt: comment.at,
    });
    return { commentId, delivered: true };
  }
  const { body, commentId } = commentWebhookBody(comment, postId);
  return { commentId, delivered: (await deliverSocialWebhook(deps, comment.platformType, body)).delivered };
}

/** Someone writes to the account directly (Facebook, Instagram). */
export async function sandboxDirectMessage(
  deps: ServerDeps,
  message: SandboxInbound,
): Promise<{ messageId: string; delivered: boolean }> {
  const { body, messageId } = directMessageWebhookBody(message);
  return { messageId, delivered: (await deliverSocialWebhook(deps, message.platformType, body)).delivered };
}

/** The automatic rule: a question in a post is answered by a follower's comment a second later. */
export function commentOnQuestion(
  deps: ServerDeps,
  platformType: number,
  accountId: string,
  postId: string,
  text: string,
) {
  if (!SOCIAL_INBOX_TYPES[platformType] || !/[?？]/.test(text)) return;
  setTimeout(() => {
    const comment = {
      platformType,
      accountId,
      authorName: SANDBOX_FOLLOWER,
      text: SANDBOX_FOLLOWER_TEXT,
      at: deps.clock.now(),
    };
    sandboxComment(deps, comment, postId).catch((error) => console.warn('[sandbox social] comment', error));
  }, 1000).unref();
}
