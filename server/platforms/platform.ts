// The messaging-platform adapter (issue 15 item 1): what Herald asks of Telegram today, and of WhatsApp
// and the social platforms as they land. One adapter per platform kind; each speaks its platform's own
// HTTP API against a configurable base URL whose default is a sandbox served by the gateway itself.
// Credentials travel with every call (a bot token, a page token): an adapter keeps no account state.

export type PlatformKind = 'telegram';

/** The account a credential belongs to (a bot, a page, a business number). */
export interface PlatformAccount {
  id: string;
  name: string;
  username: string;
}

/** A place the account can post to: a group, a channel, a page. */
export interface PlatformChat {
  id: string;
  title: string;
  type: string;
}

export interface OutgoingPost {
  chatId: string;
  text: string;
  /** An absolute address the platform fetches the image from. */
  imageUrl?: string;
  /** The platform's id of the message this answers (a reply from the inbox). */
  replyToMessageId?: string;
}

/** Something that happened on the platform: the account was added to a chat, a message arrived. */
export interface InboundUpdate {
  updateId: number;
  kind: 'membership' | 'message';
  chat: PlatformChat;
  text?: string;
  /** A message's own id in its chat, who wrote it and when (unix seconds). */
  messageId?: string;
  senderName?: string;
  date?: number;
}

export interface MessagingPlatform {
  readonly kind: PlatformKind;
  /** Checks the credential and answers its account. */
  connect(credential: string): Promise<PlatformAccount>;
  /** Updates after `offset` (the platform's own cursor). */
  updates(credential: string, offset?: number): Promise<InboundUpdate[]>;
  /** One chat, as the platform answers it to this account (proves the account is in it). */
  chat(credential: string, chatId: string): Promise<PlatformChat>;
  /** Posts once; answers the platform's message id. */
  send(credential: string, post: OutgoingPost): Promise<{ messageId: number }>;
}

/** Why a platform refused: each maps to one RetCode where a handler meets it. */
export type PlatformRefusal = 'unauthorized' | 'forbidden' | 'notFound' | 'badRequest' | 'rateLimited' | 'unavailable';

export class PlatformError extends Error {
  constructor(
    readonly refusal: PlatformRefusal,
    readonly description: string,
  ) {
    super(`${refusal}: ${description}`);
  }
}
