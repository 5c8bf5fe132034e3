import type { z } from 'zod';
import type { Database, Db } from './db/database';
import type { Clock } from './clock';
import type { Messenger } from './providers/messenger';
import type { ChannelMail } from './providers/mail';
import type { JobQueue } from './queue';
import type { SmsJobSettings } from './sms/settings';
import type { Lang } from './messages';
import type { AuthUser } from './auth/sessions';
import type { ActionName, actionDefs } from '../src/gateway/contract/actions/registry';
import type { HandlerReply } from './binary-reply';
import type { LimitRules } from './limits';
import type { DnsSettings } from './email/dns-check';

export interface ServerConfig {
  /** Herald's own mail domain: its users get the TextUser key (spec 000 §6). */
  ownDomain: string;
  /** /dev/outbox and /dev/outbox.json: only in the embedded default, and only to loopback clients… */
  devTools: boolean;
  /** …unless HERALD_DEV_TOOLS_ANY_CLIENT=1 opens them to every client (a sandbox behind a proxy). */
  devToolsAnyClient?: boolean;
  /** Lets tests move the server clock through POST /dev/clock. */
  testClock: boolean;
  /**
   * The console's address in mailed links (PUBLIC_URL). Never taken from a request's Host header; when
   * unset, main.ts puts the address it listens on here.
   */
  publicUrl?: string;
  /** Rate limits over the defaults and the environment's (server/limits.ts). */
  rateLimits?: Partial<LimitRules>;
  /**
   * The Telegram Bot API's base URL (TELEGRAM_API_URL, e.g. https://api.telegram.org); when unset the
   * gateway serves a sandbox Bot API at /sandbox/telegram and uses it (docs/decisions.md "Telegram sandbox").
   */
  telegramApiUrl?: string;
  /**
   * WhatsApp Cloud API (docs/decisions.md "WhatsApp numbers"): WHATSAPP_API_URL (e.g.
   * https://graph.facebook.com/v21.0) and WHATSAPP_SIGNUP_URL (the embedded sign-up dialog); when the API URL
   * is unset the gateway serves a sandbox at /sandbox/whatsapp and uses it for both. WHATSAPP_APP_ID,
   * WHATSAPP_APP_SECRET (signs webhooks, exchanges codes) and WHATSAPP_VERIFY_TOKEN (the webhook handshake);
   * unset secrets are made per deployment and kept in server_secrets.
   */
  whatsapp?: {
    apiUrl?: string;
    signUpUrl?: string;
    appId?: string;
    appSecret?: string;
    verifyToken?: string;
  };
  /**
   * The social platforms' base URL (SOCIAL_API_URL); when unset the gateway serves sandbox platforms at
   * /sandbox/social (docs/decisions.md "Social profiles and posts").
   */
  socialApiUrl?: string;
  /**
   * The social platforms' webhook secrets by platform type (SOCIAL_WEBHOOK_SECRET_FACEBOOK, _INSTAGRAM,
   * _LINKEDIN, _TIKTOK) and Meta's verify token (SOCIAL_WEBHOOK_VERIFY_TOKEN); unset ones are made per
   * deployment, which the sandbox uses (docs/decisions.md "Social messages in the inbox").
   */
  socialWebhooks?: { secrets: Partial<Record<number, string>>; verifyToken?: string };
  /** The resolvers of e-mail domain verification (HERALD_DNS_SERVERS); the system's when unset. */
  dns?: DnsSettings;
}

/** ROLE: `all` (the default single process), `api` (console and /api, works no queues), `worker` (queues only). */
export type Role = 'all' | 'api' | 'worker';

export interface ServerDeps {
  database: Database;
  clock: Clock;
  messenger: Messenger;
  /** Channel mail (tasks' e-mail): SMTP_URL's relay or the embedded sandbox SMTP sink. */
  mail: ChannelMail;
  /** The job queue: pg-boss on the server's database; an in-memory double in tests. */
  jobs: JobQueue;
  /** Knobs of the SMS work (group size and pace, review delay, …), from the environment. */
  smsSettings: SmsJobSettings;
  config: ServerConfig;
}

export interface HandlerContext extends ServerDeps {
  db: Db;
  /** null for public Actions. */
  user: AuthUser | null;
  /** The access token of the request, when it came with one (not with an access key). */
  accessToken?: string;
  ip: string;
  lang: Lang;
  /** The console's origin, for links in mails. */
  origin: string;
}

export interface UserContext extends HandlerContext {
  user: AuthUser;
}

type ParsedInput<A extends ActionName> = z.output<(typeof actionDefs)[A]['input']>;
type ContextFor<A extends ActionName> = (typeof actionDefs)[A]['auth'] extends 'user' ? UserContext : HandlerContext;

export type Handler<A extends ActionName> = (input: ParsedInput<A>, ctx: ContextFor<A>) => Promise<HandlerReply<A>>;
export type HandlerMap = { [A in ActionName]?: Handler<A> };
