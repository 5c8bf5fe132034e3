import { z } from 'zod';

/**
 * public Actions need no access token; user Actions do; optional Actions take one when it is sent (and
 * refuse a bad one) and also answer without (GetSocialMediaAuthUrl: a profile needs an account, a sign-in
 * has none yet).
 */
export type ActionAuth = 'public' | 'user' | 'optional';

/**
 * How an Action answers on success: `json` is `{RetCode, Message, Data}`; `file` is the binary variant
 * of the call (spec 000 §7: the file itself, as an attachment); `jsonOrFile` answers the file only when
 * the input asks for it (GetUSMSPrice with Download). A refusal is always JSON.
 */
export type ActionReply = 'json' | 'file' | 'jsonOrFile';

/** The ordinary request body limit of /api (docs/decisions.md, "Contract and errors"). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

/** An Action's request: a strict object, so an unknown field is a validation error, never ignored. */
export type StrictInput = z.ZodObject<z.ZodRawShape, z.core.$strict>;

/** One Action of the gateway: its request schema, its Data, who may call it, and how it travels. */
export interface ActionDef<
  I extends StrictInput = StrictInput,
  D extends z.ZodType = z.ZodType,
  A extends ActionAuth = ActionAuth,
  R extends ActionReply = ActionReply,
> {
  input: I;
  /** The Data of a RetCode 0 reply; the server checks every reply against it outside production. */
  data: D;
  auth: A;
  /** The largest request body in bytes (server/api.ts refuses more with 230013). */
  bodyLimit: number;
  reply: R;
}

export interface ActionOptions<R extends ActionReply> {
  /** More than the ordinary 1 MiB (AddUSMSSendTask: up to 100,000 numbers). */
  bodyLimit?: number;
  reply?: R;
}

export function defineAction<
  A extends ActionAuth,
  I extends StrictInput,
  D extends z.ZodType,
  R extends ActionReply = 'json',
>(auth: A, input: I, data: D, options: ActionOptions<R> = {}): ActionDef<I, D, A, R> {
  // The type asks for .strict(); this catches a schema built in a way the type cannot see.
  if (input._zod.def.catchall?._zod.def.type !== 'never') throw new Error('An Action input must be a strict object');
  return {
    auth,
    input,
    data,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    reply: options.reply ?? ('json' as R),
  };
}

export const emptyInput = z.object({}).strict();
export const emptyData = z.object({}).strict();
