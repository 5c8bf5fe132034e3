import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const OUT = path.join(ROOT, 'bench/out');

/** The first port from `from` that loopback can bind (the bench keeps to 8190 and up). */
export async function freePort(from = 8190): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  base: string;
  /** stdout + stderr so far, for failure messages. */
  log: () => string;
  stop: () => Promise<void>;
  rssBytes: () => number | undefined;
  /** CPU seconds (user + system) the server's process tree has used so far. */
  cpuSeconds: () => number;
}

/** The pid and its descendants (tsx runs the server in a child node process). */
function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [pid, ...children.flatMap(processTree)];
  } catch {
    return [];
  }
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function cpuSecondsOf(pid: number): number {
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, after the parenthesised command name
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** `tsx server/main.ts` (what `npm start` runs after its build) on loopback, in its own process. */
/** `cwd`: another checkout of Herald to run (before/after comparisons); this one by default. */
export function startServer(options: {
  port: number;
  dataDir: string;
  distDir: string;
  env?: Record<string, string>;
  cwd?: string;
}): RunningServer {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const child = spawn(tsx, ['server/main.ts'], {
    cwd: options.cwd ?? ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DIST_DIR: options.distDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      // The load comes from one address with one token: the /api rate limits still count every request
      // (their cost is in the figures) but at a size the bench cannot reach.
      HERALD_RATE_LIMIT_PER_TOKEN: '1000000000',
      HERALD_RATE_LIMIT_PER_ADDRESS: '1000000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    port: options.port,
    base: `http://127.0.0.1:${options.port}`,
    log: () => output,
    rssBytes: () => {
      // the largest RSS of the tree: the node process that runs the server
      try {
        return Math.max(
          ...processTree(child.pid!).map(
            (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
          ),
        );
      } catch {
        return undefined;
      }
    },
    cpuSeconds: () =>
      processTree(child.pid!).reduce((sum, pid) => {
        try {
          return sum + cpuSecondsOf(pid);
        } catch {
          return sum;
        }
      }, 0),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Reply {
  RetCode: number;
  Message: string;
  Data: Record<string, unknown>;
}

export async function callApi(base: string, body: Record<string, unknown>, token?: string): Promise<Reply> {
  const response = await fetch(`${base}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Reply;
}

/** Polls until the gateway gives any /api answer; returns the time it took from `since`. */
export async function waitForApi(server: RunningServer, since: number, timeoutMs = 120_000): Promise<number> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.log()}`);
    try {
      const reply = await callApi(server.base, { Action: 'GetUserInfo' });
      if (typeof reply.RetCode === 'number') return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs)
      throw new Error(`no /api answer within ${timeoutMs} ms:\n${server.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function signInDemo(base: string): Promise<string> {
  const reply = await callApi(base, {
    Action: 'LoginByPassword',
    Email: 'demo@herald.local',
    Password: 'herald-demo-1',
  });
  if (reply.RetCode !== 0) throw new Error(`demo sign-in failed: ${reply.RetCode} ${reply.Message}`);
  return reply.Data.AccessToken as string;
}
