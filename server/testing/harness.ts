import { PGlite } from '@electric-sql/pglite';
import type { Hono } from 'hono';
import { boot } from '../boot';
import { createApp } from '../app';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { Clock } from '../clock';
import type { ServerDeps } from '../context';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from '../db/schema';
import type { Db } from '../db/database';

// STACK.md: a new PGlite data dir takes 4-5 s; a snapshot loads in about 0.5 s. Each test file makes
// the migrated, seeded database once and starts every test's database from that snapshot.
let snapshot: Promise<Blob> | null = null;

async function makeSnapshot(): Promise<Blob> {
  const pglite = await PGlite.create();
  const runner = {
    exec: async (sql: string) => void (await pglite.exec(sql)),
    query: async <R,>(sql: string, params?: unknown[]) => ({ rows: (await pglite.query<R>(sql, params)).rows }),
  };
  await migrate(runner);
  await seed(drizzle(pglite, { schema }) as unknown as Db, new Clock());
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  return dump;
}

export interface TestServer {
  deps: ServerDeps;
  app: Hono;
  clock: Clock;
  /** POST /api with {Action, ...input}; returns the parsed reply and the HTTP status. */
  api: <D = Record<string, unknown>>(action: string | undefined, input?: Record<string, unknown>, options?: { token?: string; lang?: 'en' | 'zh' }) => Promise<{ status: number; RetCode: number; Message: string; Data: D }>;
  /** POST /api with a raw body. */
  raw: (body: string, headers?: Record<string, string>) => Promise<Response>;
  close: () => Promise<void>;
}

export async function createTestServer(): Promise<TestServer> {
  snapshot ??= makeSnapshot();
  const clock = new Clock();
  const deps = await boot({ loadDataDir: await snapshot, clock, skipSeed: true, config: { devTools: true, testClock: true } });
  const app = createApp(deps);
  const raw = async (body: string, headers: Record<string, string> = {}) =>
    app.request('/api', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  return {
    deps,
    app,
    clock,
    raw,
    api: async (action, input = {}, options = {}) => {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.lang) headers.cookie = `lang=${options.lang}`;
      const response = await raw(JSON.stringify(action === undefined ? input : { Action: action, ...input }), headers);
      const reply = (await response.json()) as { RetCode: number; Message: string; Data: never };
      return { status: response.status, ...reply };
    },
    close: () => deps.database.close(),
  };
}

export async function signInDemo(server: TestServer): Promise<{ AccessToken: string; RefreshToken: string }> {
  const reply = await server.api<{ AccessToken: string; RefreshToken: string }>('LoginByPassword', { Email: 'demo@herald.local', Password: 'herald-demo-1' });
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
