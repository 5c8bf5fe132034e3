import type { Context } from 'hono';
import { z } from 'zod';
import { RetCode } from '../src/gateway/contract/retcodes';
import { actionDefs, catalogueAreaOf, isImplemented, type ActionName } from '../src/gateway/contract/actions/registry';
import { ApiError } from './errors';
import { requestLang, retCodeMessage, translate, type Lang } from './messages';
import { authenticate } from './auth/sessions';
import type { HandlerContext, HandlerMap, ServerConfig, ServerDeps } from './context';
import { handlers } from './handlers';
import { BinaryReply } from './binary-reply';
import { CHECK_REPLIES, checkReply, ReplyContractError } from './reply-contract';
import { issueKey } from '../src/gateway/contract/field-errors';
import { DEFAULT_BODY_LIMIT, type ActionDef } from '../src/gateway/contract/actions/define';
import { socketAddress } from './client-address';
import { consume, keyOf, rateLimited } from './limits';
import { authenticateAccessKey, signedRequestOf, type SignedRequest } from './auth/access-keys';

/** A few Actions declare a larger body limit (AddUSMSSendTask: up to 100,000 numbers); the rest keep 1 MiB. */
const MAX_REQUEST_BYTES = Math.max(DEFAULT_BODY_LIMIT, ...Object.values(actionDefs).map((def) => def.bodyLimit));

/** The success Message of every reply, in each language (translated once, not per request). */
const OK_MESSAGE: Record<Lang, string> = { en: retCodeMessage(RetCode.Ok, 'en'), zh: retCodeMessage(RetCode.Ok, 'zh') };

interface Reply {
  RetCode: number;
  Message: string;
  Data: unknown;
}

/** POST /api: {Action, ...input} in, {RetCode, Message, Data} out, whatever comes in. */
export function apiHandler(deps: ServerDeps, handlerMap: HandlerMap = handlers) {
  return async (c: Context) => {
    const lang = requestLang(c.req.header('cookie'), c.req.header('accept-language'));
    try {
      await limitRequest(deps, c);
      const text = await readBodyText(c.req.raw, MAX_REQUEST_BYTES);
      const body = parseSizedJson(text);
      const reply = await dispatch(deps, handlerMap, body, {
        lang,
        authorization: c.req.header('authorization'),
        signed: signedRequestOf((name) => c.req.header(name), 'POST', new URL(c.req.url).pathname, text),
        ip: clientIp(c),
        // Never the request's Host header: a forged Host would put a live link on another site.
        origin: linkOrigin(deps.config),
      });
      if (reply instanceof BinaryReply) return binaryResponse(reply);
      return c.json(reply);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.retCode === RetCode.RateLimited) {
          c.header('Retry-After', String(error.params.seconds ?? 60));
          return c.json(errorReply(error, lang), 429);
        }
        return c.json(errorReply(error, lang));
      }
      if (error instanceof ReplyContractError) console.error(`[api] ${error.message}`);
      else console.error('[api] unexpected error', error);
      return c.json({ RetCode: RetCode.SystemBusy, Message: retCodeMessage(RetCode.SystemBusy, lang), Data: {} }, 500);
    }
  };
}

/** The origin of mailed links: PUBLIC_URL, else the address the server listens on (set by main.ts). */
export function linkOrigin(config: ServerConfig): string {
  return config.publicUrl ?? 'http://localhost';
}

/**
 * The general /api limit (issue 19 item 6): every request counts against its client address, and one
 * that carries a token or an access key also against that credential. Both live in the database, so
 * every api process of one PostgreSQL shares them. Over either: 230029, HTTP 429 with Retry-After.
 */
async function limitRequest(deps: ServerDeps, c: Context): Promise<void> {
  const token = /^Bearer\s+(\S{1,200})$/.exec(c.req.header('authorization') ?? '')?.[1];
  const accessKey = c.req.header('x-herald-accesskey');
  const credential = token ? `t:${keyOf(token)}` : accessKey ? `k:${accessKey.slice(0, 64)}` : null;
  const [byAddress, byCredential] = await Promise.all([
    consume(deps, 'apiPerAddress', clientIp(c)),
    credential ? consume(deps, 'apiPerToken', credential) : 0,
  ]);
  const wait = Math.max(byAddress, byCredential);
  if (wait > 0) throw rateLimited(wait);
}

interface RequestMeta {
  lang: Lang;
  authorization: string | undefined;
  /** a request signed with an access key (docs/decisions.md, "API access with an access key") */
  signed?: SignedRequest;
  ip: string;
  origin: string;
}

export async function dispatch(
  deps: ServerDeps,
  handlerMap: HandlerMap,
  body: unknown,
  meta: RequestMeta,
): Promise<Reply | BinaryReply> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw fieldError('body', 'validation:notObject');
  const { Action: action, ...input } = body as Record<string, unknown>;
  if (action === undefined || action === '') throw new ApiError(RetCode.MissingAction);
  if (typeof action !== 'string') throw new ApiError(RetCode.UnknownAction);
  if (!isImplemented(action)) {
    throw new ApiError(catalogueAreaOf(action) ? RetCode.NotImplemented : RetCode.UnknownAction);
  }
  // Widened to the one ActionDef shape: as the union of every Action's own def, safeParse's result was a
  // union of hundreds of result types whose subtype reduction filled tsc's relation cache (TS2859).
  const def: ActionDef = actionDefs[action];
  const handler = handlerMap[action] as ((input: unknown, ctx: HandlerContext) => Promise<unknown>) | undefined;
  if (!handler) throw new ApiError(RetCode.NotImplemented);

  const ctx: HandlerContext = {
    ...deps,
    db: deps.database.db,
    user: null,
    ip: meta.ip,
    lang: meta.lang,
    origin: meta.origin,
  };
  if (def.auth === 'user' || (def.auth === 'optional' && (meta.authorization || meta.signed))) {
    const token = /^Bearer\s+(\S{1,200})$/.exec(meta.authorization ?? '')?.[1];
    ctx.user = token
      ? await authenticate(deps.database, deps.clock, token)
      : meta.signed
        ? await authenticateAccessKey(ctx.db, deps.clock, action, meta.signed)
        : null;
    ctx.accessToken = token;
    if (!ctx.user) throw new ApiError(RetCode.NotLoggedIn);
  }
  // PostgreSQL text cannot hold U+0000: refused as a field error in every Action, before any handler.
  const nul = nulPath(input);
  if (nul !== null) throw fieldError(nul || 'body', 'validation:nulCharacter');
  const parsed = def.input.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = await handler(parsed.data, ctx);
  if (CHECK_REPLIES) checkReply(action, def, data);
  if (data instanceof BinaryReply) return data;
  return { RetCode: RetCode.Ok, Message: OK_MESSAGE[meta.lang], Data: data ?? {} };
}

/** The path of the first string (value or key) holding a NUL character, or null. */
function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here.split('\u0000').join('');
    const found = nulPath(item, here);
    if (found !== null) return found;
  }
  return null;
}

interface FieldIssue {
  Field: string;
  /** an i18n key, `validation:…` */
  Key: string;
}

const fieldError = (field: string, key: string) =>
  new ApiError(RetCode.ValidationError, {}, { Fields: [{ Field: field, Key: key }] });

function validationError(error: z.ZodError): ApiError {
  const fields = error.issues.map((issue) => {
    const field = issue.path.length
      ? issue.path.join('.')
      : issue.code === 'unrecognized_keys'
        ? issue.keys.join(', ')
        : 'body';
    const key = issue.code === 'unrecognized_keys' ? 'validation:unknownField' : issueKey(issue);
    return { Field: field, Key: key };
  });
  return new ApiError(RetCode.ValidationError, {}, { Fields: fields });
}

/** Validation replies name every bad field; the Message speaks of the first, in the user's language. */
function errorReply(error: ApiError, lang: Lang): Reply {
  const first = (error.data.Fields as FieldIssue[] | undefined)?.[0];
  const params = first
    ? { field: first.Field, message: translate(first.Key, lang, { field: first.Field }) }
    : error.params;
  return { RetCode: error.retCode, Message: retCodeMessage(error.retCode, lang, params), Data: error.data };
}

async function readBodyText(request: Request, limit: number): Promise<string> {
  const length = request.headers.get('content-length');
  const declared = Number(length ?? 0);
  if (declared > limit) throw new ApiError(RetCode.BodyTooLarge);
  if (length !== null) {
    // Node's HTTP parser holds a body to its declared length, and @hono/node-server reads arrayBuffer()
    // straight from the socket: no web stream per request (bench/README.md, GetUserInfo load). Not even
    // `request.body` is read here: on @hono/node-server's request it builds the whole web Request.
    const buffer = Buffer.from(await request.arrayBuffer());
    if (buffer.byteLength > limit) throw new ApiError(RetCode.BodyTooLarge);
    return buffer.toString('utf8');
  }
  const reader = request.body?.getReader();
  if (!reader) throw new ApiError(RetCode.MissingAction);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ApiError(RetCode.BodyTooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw fieldError('body', 'validation:notJson');
  }
}

/** Only an Action that declares a larger body limit may pass 1 MiB, up to its own limit. */
function parseSizedJson(text: string): unknown {
  const bytes = Buffer.byteLength(text);
  if (bytes <= DEFAULT_BODY_LIMIT) return parseJson(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(RetCode.BodyTooLarge);
  }
  const action = typeof body === 'object' && body !== null ? (body as { Action?: unknown }).Action : undefined;
  const limit = typeof action === 'string' && isImplemented(action) ? actionDefs[action].bodyLimit : DEFAULT_BODY_LIMIT;
  if (bytes > limit) throw new ApiError(RetCode.BodyTooLarge);
  return body;
}

/** A file answer (spec 000 §7, "a binary variant of the call"): the body itself, as an attachment. */
function binaryResponse(reply: BinaryReply): Response {
  const ascii = reply.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(reply.body as BodyInit, {
    status: 200,
    headers: {
      'content-type': reply.contentType,
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(reply.fileName)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

function clientIp(c: Context): string {
  return socketAddress(c) ?? 'unknown';
}

export type { ActionName };
