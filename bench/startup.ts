import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, OUT, signInDemo, startServer, waitForApi } from './lib/server';

export interface StartupRun {
  dataDir: 'fresh' | 'existing';
  /** process spawn to the first /api answer */
  firstAnswerMs: number;
  /** process spawn to the demo signed in (first RetCode 0) */
  signedInMs: number;
}

/** Time from `tsx server/main.ts` (with an existing console build) to the first /api answer. */
export async function benchStartup(distDir: string, existingRuns = 3): Promise<StartupRun[]> {
  const dataDir = path.join(OUT, 'data-startup');
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort(8195);
  const runs: StartupRun[] = [];
  try {
    for (let i = 0; i <= existingRuns; i++) {
      const started = performance.now();
      const server = startServer({ port, dataDir, distDir });
      try {
        const firstAnswerMs = await waitForApi(server, started);
        await signInDemo(server.base);
        runs.push({ dataDir: i === 0 ? 'fresh' : 'existing', firstAnswerMs, signedInMs: performance.now() - started });
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return runs;
}
