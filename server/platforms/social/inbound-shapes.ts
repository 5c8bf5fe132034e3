import { SOCIAL_PLATFORM } from '../../../src/gateway/contract/social/platforms';

// What the social platforms tell Herald about comments and direct messages, in each real API's shape
// (docs/decisions.md "Social messages in the inbox"), read into one form:
// - Facebook (object "page") and Instagram (object "instagram"): Graph webhooks, entry[].changes (field
//   "feed" item "comment" verb "add"; field "comments") and entry[].messaging (Messenger / Instagram Direct);
//   entry.id is the Page or Instagram account. A Messenger sender carries only its id; Herald reads an
//   optional sender.name (the sandbox sends it; a real adapter would look the id up).
// - LinkedIn: organization social action notifications, action COMMENT; the comment's text and author
//   name ride in `comment` (a real adapter reads them from the comment URN first).
// - TikTok: {event "comment.create", user_openid, create_time, content: a JSON string}.
// - X and YouTube have no comment webhook: Herald polls, and reads X's search answer
//   ({data, includes.users}) and YouTube's commentThreads ({items[].snippet.topLevelComment}).

export interface InboundSocial {
  /** the platform account it is for: Page, Instagram account, organization, channel, user */
  accountId: string;
  kind: 'comment' | 'private';
  /** the platform's comment or message id */
  externalId: string;
  /** the post commented on, or the sender of a direct message */
  threadId: string;
  senderName: string;
  text: string;
  at: Date;
}

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]).map(obj) : []);
const seconds = (value: unknown, fallback: Date) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : fallback;
};
const millis = (value: unknown, fallback: Date) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? new Date(n) : fallback;
};
const iso = (value: unknown, fallback: Date) => {
  const d = new Date(str(value));
  return Number.isNaN(d.getTime()) ? fallback : d;
};
const complete = (m: InboundSocial) => Boolean(m.accountId && m.externalId && m.threadId && m.text);

function graphMessaging(entry: Json, now: Date): InboundSocial[] {
  return list(entry.messaging).flatMap((event) => {
    const message = obj(event.message);
    // the account's own outgoing messages come back as echoes: not the inbox's
    if (message.is_echo) return [];
    const sender = obj(event.sender);
    return [
      {
        accountId: str(obj(event.recipient).id) || str(entry.id),
        kind: 'private' as const,
        externalId: str(message.mid),
        threadId: str(sender.id),
        senderName: str(sender.name) || str(sender.username) || str(sender.id),
        text: str(message.text),
        at: millis(event.timestamp, now),
      },
    ];
  });
}

function facebookComments(entry: Json, now: Date): InboundSocial[] {
  const pageId = str(entry.id);
  return list(entry.changes).flatMap((change) => {
    const value = obj(change.value);
    if (change.field !== 'feed' || value.item !== 'comment' || value.verb !== 'add') return [];
    const from = obj(value.from);
    // Graph post ids are "<page id>_<post id>"
    const postId = str(value.post_id).replace(`${pageId}_`, '');
    return [
      {
        accountId: pageId,
        kind: 'comment' as const,
        externalId: str(value.comment_id),
        threadId: postId,
        senderName: str(from.name) || str(from.id),
        text: str(value.message),
        at: seconds(value.created_time, now),
      },
    ];
  });
}

function instagramComments(entry: Json, now: Date): InboundSocial[] {
  return list(entry.changes).flatMap((change) => {
    const value = obj(change.value);
    if (change.field !== 'comments') return [];
    const from = obj(value.from);
    return [
      {
        accountId: str(entry.id),
        kind: 'comment' as const,
        externalId: str(value.id),
        threadId: str(obj(value.media).id),
        senderName: str(from.username) || str(from.id),
        text: str(value.text),
        at: seconds(entry.time, now),
      },
    ];
  });
}

const urnTail = (urn: string) => urn.replace(/^urn:li:[A-Za-z]+:/, '');

function linkedInComments(body: Json, now: Date): InboundSocial[] {
  return list(body.notifications).flatMap((n) => {
    if (n.action !== 'COMMENT') return [];
    const comment = obj(n.comment);
    return [
      {
        accountId: urnTail(str(n.organizationalEntity)),
        kind: 'comment' as const,
        externalId: str(n.generatedActivity),
        threadId: urnTail(str(n.sourcePost)),
        senderName: str(comment.actorName) || str(n.actor),
        text: str(comment.text),
        at: millis(n.lastModifiedAt, now),
      },
    ];
  });
}

function tikTokComments(body: Json, now: Date): InboundSocial[] {
  if (body.event !== 'comment.create') return [];
  let content: Json;
  try {
    content = obj(JSON.parse(str(body.content)));
  } catch {
    return [];
  }
  return [
    {
      accountId: str(body.user_openid),
      kind: 'comment',
      externalId: str(content.comment_id),
      threadId: str(content.video_id),
      senderName: str(content.username),
      text: str(content.text),
      at: seconds(content.create_time ?? body.create_time, now),
    },
  ];
}

/** A webhook body of a platform that pushes (Facebook, Instagram, LinkedIn, TikTok); incomplete items dropped. */
export function readInboundWebhook(platformType: number, body: unknown, now: Date): InboundSocial[] {
  const root = obj(body);
  let items: InboundSocial[] = [];
  if (platformType === SOCIAL_PLATFORM.Facebook || platformType === SOCIAL_PLATFORM.Instagram) {
    items = list(root.entry).flatMap((entry) => [
      ...(platformType === SOCIAL_PLATFORM.Facebook ? facebookComments(entry, now) : instagramComments(entry, now)),
      ...graphMessaging(entry, now),
    ]);
  } else if (platformType === SOCIAL_PLATFORM.LinkedIn) items = linkedInComments(root, now);
  else if (platformType === SOCIAL_PLATFORM.TikTok) items = tikTokComments(root, now);
  return items.filter(complete);
}

/** A polled platform's comments answer (X, YouTube) for the profile's account. */
export function readPolledComments(platformType: number, accountId: string, body: unknown, now: Date): InboundSocial[] {
  const root = obj(body);
  let items: InboundSocial[] = [];
  if (platformType === SOCIAL_PLATFORM.Twitter) {
    const users = new Map(list(obj(root.includes).users).map((u) => [str(u.id), str(u.name) || str(u.username)]));
    items = list(root.data).map((tweet) => ({
      accountId,
      kind: 'comment' as const,
      externalId: str(tweet.id),
      threadId: str(tweet.conversation_id),
      senderName: users.get(str(tweet.author_id)) || str(tweet.author_id),
      text: str(tweet.text),
      at: iso(tweet.created_at, now),
    }));
  } else if (platformType === SOCIAL_PLATFORM.YouTube) {
    items = list(root.items).map((thread) => {
      const snippet = obj(thread.snippet);
      const top = obj(snippet.topLevelComment);
      const comment = obj(top.snippet);
      return {
        accountId,
        kind: 'comment' as const,
        externalId: str(top.id) || str(thread.id),
        threadId: str(snippet.videoId) || str(comment.videoId),
        senderName: str(comment.authorDisplayName),
        text: str(comment.textOriginal) || str(comment.textDisplay),
        at: iso(comment.publishedAt, now),
      };
    });
  }
  return items.filter(complete);
}

/** Platforms whose comments Herald polls (no comment webhook on the real service). */
export const POLLED_COMMENT_PLATFORMS: readonly number[] = [SOCIAL_PLATFORM.Twitter, SOCIAL_PLATFORM.YouTube];
/** Platforms that push comments (and, Facebook and Instagram, direct messages) by signed webhook. */
export const WEBHOOK_PLATFORMS: readonly number[] = [
  SOCIAL_PLATFORM.Facebook,
  SOCIAL_PLATFORM.Instagram,
  SOCIAL_PLATFORM.LinkedIn,
  SOCIAL_PLATFORM.TikTok,
];
