import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Real server processes for the fault tests: `tsx server/main.ts` with its own environment.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  /** Resolves when the process has exited (with its code or signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `tsx server/main.ts` and waits until /healthz answers (or the process dies). */
export async function startServer(env: Record<string, string>, timeoutMs = 300_000): Promise<ServerProcess> {
  const port = Number(env.PORT) || (await freePort());
  // `node --import tsx`, not the tsx command: that one runs the server in a child process, and a SIGKILL
  // of the command would leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DIST_DIR: path.join(root, 'no-console-build'),
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void exited.then(() => (dead = true));
  for (;;) {
    if (dead) throw new Error(`server exited before it was ready:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in ${timeoutMs} ms:\n${log}`);
    }
    const ok = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, url, output: () => log, exited };
}

/**
 * POST /api on a connection of its own (no keep-alive: an idle pooled socket the server is closing would
 * fail a write that must not be retried blindly).
 */
export async function call<D = Record<string, unknown>>(
  url: string,
  action: string,
  input: Record<string, unknown> = {},
  token?: string,
): Promise<{ RetCode: number; Message: string; Data: D }> {
  const body = JSON.stringify({ Action: action, ...input });
  const text = await new Promise<string>((resolve, reject) => {
    const request = httpRequest(
      `${url}/api`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let data = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (data += chunk));
        response.on('end', () => resolve(data));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  return JSON.parse(text) as { RetCode: number; Message: string; Data: D };
}
