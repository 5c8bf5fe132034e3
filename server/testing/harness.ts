import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Hono } from 'hono';
import { boot, type BootOptions } from '../boot';
import { freshPostgresDatabase, onPostgres } from './postgres';
import { createApp } from '../app';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { Clock } from '../clock';
import type { ServerDeps } from '../context';
import { memoryJobQueue } from '../queue/memory';
import { registerMailWorker } from '../jobs/mail';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from '../db/schema';
import type { Db } from '../db/database';
import { settleLimits } from '../limits';
import type { ActionData, ActionInput, ActionName } from '../../src/gateway/contract/actions/registry';

// STACK.md: a new PGlite data dir takes 4-5 s; a snapshot loads in about 0.5 s. The migrated, seeded
// database is made once and every test's database starts from that snapshot. The snapshot is also
// kept in a file for a few minutes, keyed by the migrations, schema and seed, so the other test files of
// the same run (other worker processes) load it instead of making their own: on a busy machine the
// making alone can pass a hook's time-out.
const SNAPSHOT_MAX_AGE_MS = 10 * 60_000;
let snapshot: Promise<Blob> | null = null;

/** A hash of the migrations, schema and seed: the version of the test database. */
export function snapshotKey(): string {
  const dbDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db');
  const hash = createHash('sha256');
  for (const dir of ['migrations', 'schema']) {
    for (const file of readdirSync(path.join(dbDir, dir)).sort())
      hash.update(file).update(readFileSync(path.join(dbDir, dir, file)));
  }
  hash.update(readFileSync(path.join(dbDir, 'seed.ts')));
  return hash.digest('hex').slice(0, 16);
}

function snapshotFile(): string {
  return path.join(tmpdir(), 'herald-test-snapshots', `${snapshotKey()}.tar`);
}

async function loadOrMakeSnapshot(): Promise<Blob> {
  const file = snapshotFile();
  try {
    if (Date.now() - statSync(file).mtimeMs < SNAPSHOT_MAX_AGE_MS) return new Blob([readFileSync(file)]);
  } catch {
    // none yet
  }
  const made = await makeSnapshot();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await made.arrayBuffer()));
  renameSync(partial, file);
  return made;
}

async function makeSnapshot(): Promise<Blob> {
  const pglite = await PGlite.create();
  const runner = {
    exec: async (sql: string) => void (await pglite.exec(sql)),
    query: async <R>(sql: string, params?: unknown[]) => ({ rows: (await pglite.query<R>(sql, params)).rows }),
  };
  await migrate(runner);
  await seed(drizzle(pglite, { schema }) as unknown as Db, new Clock());
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  return dump;
}

export interface ApiOptions {
  token?: string;
  lang?: 'en' | 'zh';
  /** The client address (sign-in throttling counts per address). */
  ip?: string;
}

export interface TestServer {
  deps: ServerDeps;
  app: Hono;
  clock: Clock;
  /** POST /api with {Action, ...input}; returns the parsed reply and the HTTP status. */
  api: <D = Record<string, unknown>>(
    action: string | undefined,
    input?: Record<string, unknown>,
    options?: ApiOptions,
  ) => Promise<{ status: number; RetCode: number; Message: string; Data: D }>;
  /** POST /api with a raw body; `ip` is the client address the gateway sees (default 127.0.0.1). */
  raw: (body: string, headers?: Record<string, string>, ip?: string) => Promise<Response>;
  close: () => Promise<void>;
}

export async function createTestServer(
  options: Omit<BootOptions, 'loadDataDir' | 'databaseUrl' | 'dataDir'> = {},
): Promise<TestServer> {
  // HERALD_TEST_DRIVER=postgres: a database of its own on the test PostgreSQL (server/testing/postgres.ts).
  const postgres = onPostgres() ? await freshPostgresDatabase(snapshotKey()) : null;
  if (!postgres) snapshot ??= loadOrMakeSnapshot();
  const deps = await boot({
    clock: new Clock(),
    skipSeed: true,
    // The queue double records every job and runs the mail worker's (outbox reads right after a request).
    jobs: memoryJobQueue(),
    ...options,
    ...(postgres ? { databaseUrl: postgres.url, poolSize: 4 } : { loadDataDir: await snapshot! }),
    // Test files make thousands of calls a minute from one address and token: the general /api limit is
    // raised here (server/limits.test.ts checks it at its real size); the per-account throttles keep theirs.
    config: {
      devTools: true,
      testClock: true,
      ...options.config,
      rateLimits: {
        apiPerToken: { points: 1_000_000, duration: 60 },
        apiPerAddress: { points: 1_000_000, duration: 60 },
        ...options.config?.rateLimits,
      },
    },
  });
  if (deps.jobs.kind === 'memory') await registerMailWorker(deps);
  const server = wrapServer(deps);
  if (!postgres) return server;
  return {
    ...server,
    close: async () => {
      await server.close();
      await postgres.drop();
    },
  };
}

/** The test interface over any booted server (PGlite snapshot, a DATABASE_URL, an SMTP messenger…). */
export function wrapServer(deps: ServerDeps): TestServer {
  const app = createApp(deps);
  // @hono/node-server hands the gateway the socket as env.incoming; app.request takes env as its 3rd argument.
  const raw = async (body: string, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
    app.request(
      '/api',
      { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } },
      { incoming: { socket: { remoteAddress: ip } } },
    );
  return {
    deps,
    app,
    clock: deps.clock,
    raw,
    api: async (action, input = {}, options = {}) => {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.lang) headers.cookie = `lang=${options.lang}`;
      const response = await raw(
        JSON.stringify(action === undefined ? input : { Action: action, ...input }),
        headers,
        options.ip,
      );
      const reply = (await response.json()) as { RetCode: number; Message: string; Data: never };
      return { status: response.status, ...reply };
    },
    close: async () => {
      await deps.mail.close();
      await settleLimits(deps.database);
      await deps.database.close();
    },
  };
}

/** A reply as the gateway sent it: the envelope with the Action's Data, and the HTTP status. */
export interface Envelope<D> {
  status: number;
  RetCode: number;
  Message: string;
  /** The Action's Data when RetCode is 0; a refusal's Data (Fields…) otherwise. */
  Data: D;
}

/** A non-zero RetCode met by `api`: the test fails with the Action, the code and the server's words. */
export class ApiReplyError extends Error {
  constructor(
    readonly action: string,
    readonly retCode: number,
    message: string,
    readonly data: unknown,
  ) {
    super(`${action} answered ${retCode}: ${message}`);
    this.name = 'ApiReplyError';
  }
}

/**
 * The typed way to call a test server: the input is checked against the Action's schema at compile
 * time and the Data comes back typed. `api` resolves with Data and throws an ApiReplyError on a
 * non-zero RetCode; `reply` gives the whole envelope for RetCode checks. The server checks every reply
 * against the Action's Data schema in tests (server/reply-contract.ts), so a typed Data is a true one.
 *
 *   const { api, reply } = typedApi(server, { token });
 *   const user = await api('GetUserInfo', {});
 *   expect((await reply('DescribeUSMSSendTaskStatistics', { TaskId: 'TKnope0000' })).RetCode).toBe(RetCode.NotFound);
 */
export function typedApi(server: TestServer, options: ApiOptions = {}) {
  async function reply<A extends ActionName>(action: A, input: ActionInput<A>): Promise<Envelope<ActionData<A>>> {
    return server.api<ActionData<A>>(action, input as Record<string, unknown>, options);
  }
  async function api<A extends ActionName>(action: A, input: ActionInput<A>): Promise<ActionData<A>> {
    const answer = await reply(action, input);
    if (answer.RetCode !== 0) throw new ApiReplyError(action, answer.RetCode, answer.Message, answer.Data);
    return answer.Data;
  }
  return { api, reply };
}

export async function signInDemo(server: TestServer): Promise<{ AccessToken: string; RefreshToken: string }> {
  const reply = await server.api<{ AccessToken: string; RefreshToken: string }>('LoginByPassword', {
    Email: 'demo@herald.local',
    Password: 'herald-demo-1',
  });
  if (reply.RetCode !== 0) throw new Error(`demo sign-in failed: ${reply.Message}`);
  return reply.Data;
}

/** The newest outbox message to an address (the sandbox is how tests read codes and links). */
export async function lastMessageTo(server: TestServer, to: string): Promise<{ subject: string; text: string }> {
  const response = await server.app.request('/dev/outbox.json');
  const messages = (await response.json()) as { to: string; subject: string; text: string }[];
  const found = messages.find((m) => m.to === to);
  if (!found) throw new Error(`no message to ${to}`);
  return found;
}

/** The key of the newest mailed link (`…?key=…`) to an address. */
export async function lastMailedKey(server: TestServer, to: string): Promise<string> {
  const { text } = await lastMessageTo(server, to);
  const key = /[?&]key=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!key) throw new Error(`no key in the last message to ${to}: ${text}`);
  return key;
}

/** The newest 6-digit code texted to a phone number. */
export async function lastPhoneCode(server: TestServer, phone: string): Promise<string> {
  const { text } = await lastMessageTo(server, phone);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the last SMS to ${phone}: ${text}`);
  return code;
}

export const GOOD_PASSWORD = 'Sunny-day-42';
let nextPhone = 0;
/** A phone number no other test of this process has used (the 60 s resend limit is per number). */
export const freshPhone = () => `1415${200 + (process.pid % 800)}${String(nextPhone++).padStart(4, '0')}`;

/** Signs up a new account through the real Actions (code, register); activates it unless told not to. */
export async function registerAccount(
  server: TestServer,
  email: string,
  options: { phone?: string; activate?: boolean; password?: string } = {},
): Promise<{ AdminUserID: number; password: string }> {
  const phone = options.phone ?? freshPhone();
  const password = options.password ?? GOOD_PASSWORD;
  const sent = await server.api('SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' });
  if (sent.RetCode !== 0) throw new Error(`phone code: ${sent.Message}`);
  const reply = await server.api<{ AdminUserID: number }>('RegisterAdminUser', {
    Email: email,
    Password: password,
    ConfirmPassword: password,
    Phone: phone,
    PhoneCode: await lastPhoneCode(server, phone),
    Country: 'US',
    Agree: true,
  });
  if (reply.RetCode !== 0) throw new Error(`register: ${reply.Message}`);
  if (options.activate !== false) {
    const activated = await server.api('ActivateAdminUser', { Key: await lastMailedKey(server, email.toLowerCase()) });
    if (activated.RetCode !== 0) throw new Error(`activate: ${activated.Message}`);
  }
  return { AdminUserID: reply.Data.AdminUserID, password };
}
