import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { callApi, freePort, OUT, signInDemo, startServer, waitForApi, type RunningServer } from './lib/server';

export interface LoadFigures {
  name: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  durationS: number;
  connections: number;
  /** server CPU seconds used during the load */
  serverCpuSeconds: number;
  /**
   * requests per CPU-second of the server: what one core of its own would serve. On a shared
   * machine this holds still while the wall-clock req/s moves with everyone else's load.
   */
  requestsPerCpuSecond: number;
}

export interface ApiResult {
  runs: LoadFigures[];
  serverRssMB?: number;
  /** RetCode of a GetUserInfo call made after the load, to prove the answers stayed good */
  retCodeAfterLoad: number;
}

type LoadOptions = {
  body?: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  duration: number;
  connections: number;
};

async function load(server: RunningServer, name: string, url: string, options: LoadOptions): Promise<LoadFigures> {
  const cpuBefore = server.cpuSeconds();
  const figures = await loadOnce(name, url, options);
  const serverCpuSeconds = server.cpuSeconds() - cpuBefore;
  return {
    ...figures,
    serverCpuSeconds: Math.round(serverCpuSeconds * 100) / 100,
    requestsPerCpuSecond: serverCpuSeconds > 0 ? Math.round(figures.requests / serverCpuSeconds) : 0,
  };
}

export function loadOnce(
  name: string,
  url: string,
  options: LoadOptions,
): Promise<Omit<LoadFigures, 'serverCpuSeconds' | 'requestsPerCpuSecond'>> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: options.method ?? 'POST',
        body: options.body,
        headers: options.headers,
        connections: options.connections,
        duration: options.duration,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          name,
          requestsPerSecond: Math.round(result.requests.average),
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          durationS: options.duration,
          connections: options.connections,
        });
      },
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** GetUserInfo per second against the real server (tsx server/main.ts) on the embedded database. */
export async function benchApi(distDir: string, options: { duration?: number } = {}): Promise<ApiResult> {
  const duration = options.duration ?? 10;
  const dataDir = path.join(OUT, 'data-api');
  rmSync(dataDir, { recursive: true, force: true });
  const server = startServer({ port: await freePort(8190), dataDir, distDir });
  try {
    await waitForApi(server, performance.now());
    const token = await signInDemo(server.base);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const body = JSON.stringify({ Action: 'GetUserInfo' });
    if ((await callApi(server.base, { Action: 'GetUserInfo' }, token)).RetCode !== 0)
      throw new Error('GetUserInfo failed before the load');
    // a short warm-up, so the JIT and PGlite caches are in their steady state
    await load(server, 'warm-up', `${server.base}/api`, { body, headers, duration: 2, connections: 20 });
    const runs = [
      await load(server, 'GetUserInfo (token + user join)', `${server.base}/api`, {
        body,
        headers,
        duration,
        connections: 20,
      }),
      await load(server, 'GET /healthz (HTTP floor, no database)', `${server.base}/healthz`, {
        method: 'GET',
        duration: Math.min(5, duration),
        connections: 20,
      }),
    ];
    const rss = server.rssBytes();
    const retCodeAfterLoad = (await callApi(server.base, { Action: 'GetUserInfo' }, token)).RetCode;
    return { runs, serverRssMB: rss ? Math.round(rss / 1e6) : undefined, retCodeAfterLoad };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
