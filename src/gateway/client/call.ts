import { RetCode, SESSION_ENDING_CODES } from '../contract/retcodes';
import { readCredentials } from './credentials';
import type { ActionData, ActionInput, ActionName, FileActionName } from '../contract/actions/registry';

/** Spec 000 §7: every call times out after 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const API_PATH = '/api';

export interface GatewayReply<D = unknown> {
  RetCode: number;
  Message: string;
  Data: D;
}

/**
 * A non-zero RetCode. Message is the server's, already in the user's language.
 *
 * Reading `message` is showing it (issue 18 §14, "errors appear twice"): a view or machine that takes
 * the refusal's text to show it in place marks the error `shownInPlace`, and the shell's notification
 * (GatewayBridge, which reads `text`) is then left out. A refusal nobody shows still becomes one.
 */
export class GatewayError extends Error {
  /** The server's message, read without taking it over (the shell's notification). */
  readonly text: string;
  shownInPlace = false;

  constructor(
    readonly action: string,
    readonly retCode: number,
    message: string,
    readonly data: unknown = {},
  ) {
    super(message);
    this.name = 'GatewayError';
    this.text = message;
    Object.defineProperty(this, 'message', {
      get: () => {
        this.shownInPlace = true;
        return message;
      },
    });
  }
}

/** The gateway could not be reached, or did not answer in time. */
export class NetworkError extends Error {
  constructor(
    readonly action: string,
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export type GatewayEvent =
  | { type: 'gateway.error'; error: GatewayError }
  | { type: 'gateway.notLogged'; error: GatewayError }
  | { type: 'gateway.network'; error: NetworkError };

type Listener = (event: GatewayEvent) => void;
const listeners = new Set<Listener>();

/** The shell listens here: errors become notifications, the not-logged code ends the session. */
export function onGatewayEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: GatewayEvent) {
  for (const listener of listeners) listener(event);
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Do not raise a notification for a non-zero RetCode (the caller shows it in place). */
  silent?: boolean;
  timeoutMs?: number;
}

async function post(action: string, input: object, options: CallOptions, accept: string): Promise<Response> {
  const { accessToken } = readCredentials();
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetch(API_PATH, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: accept,
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify({ Action: action, ...input }),
      signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const timedOut = timeout.aborted;
    const error = new NetworkError(
      action,
      timedOut ? 'timeout' : cause instanceof Error ? cause.message : String(cause),
      timedOut,
    );
    emit({ type: 'gateway.network', error });
    throw error;
  }
}

/** The reply as it came, RetCode and all, with no notification: RefreshToken and price downloads. */
export async function callRaw<A extends ActionName>(
  action: A,
  input: ActionInput<A>,
  options: CallOptions = {},
): Promise<GatewayReply<ActionData<A>>> {
  const response = await post(action, input, options, 'application/json');
  try {
    return (await response.json()) as GatewayReply<ActionData<A>>;
  } catch {
    return {
      RetCode: RetCode.SystemBusy,
      Message: response.statusText || 'Bad gateway reply',
      Data: {} as ActionData<A>,
    };
  }
}

function reject(reply: GatewayReply, action: string, options: CallOptions): never {
  const error = new GatewayError(action, reply.RetCode, reply.Message, reply.Data);
  if (SESSION_ENDING_CODES.includes(reply.RetCode) || reply.RetCode === RetCode.MissingAction)
    emit({ type: 'gateway.notLogged', error });
  else if (!options.silent) emit({ type: 'gateway.error', error });
  throw error;
}

/** RetCode 0 resolves with Data; anything else rejects with a GatewayError. */
export async function call<A extends ActionName>(
  action: A,
  input: ActionInput<A>,
  options: CallOptions = {},
): Promise<ActionData<A>> {
  const reply = await callRaw(action, input, options);
  if (reply.RetCode !== RetCode.Ok) reject(reply, action, options);
  return reply.Data;
}

/**
 * The binary variant: a file download, for the Actions whose definition declares a file reply.
 * A JSON reply means the gateway refused.
 */
export async function callBinary<A extends FileActionName>(
  action: A,
  input: ActionInput<A>,
  options: CallOptions = {},
): Promise<Blob> {
  const response = await post(action, input, options, 'application/octet-stream');
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    reject((await response.json()) as GatewayReply, action, options);
  }
  return response.blob();
}
