import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { OUT, ROOT } from './server';

// The console build the browser benches serve. bench/run.ts builds once per run and says so in
// HERALD_BENCH_BUILT; a bench run alone builds its own. A build left from an earlier run is never
// reused: it would measure the code as it was then (the paste figures once did).

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let ownBuild: string | null = null;

export function consoleBuild(): string {
  if (process.env.HERALD_BENCH_BUILT) return process.env.HERALD_BENCH_BUILT;
  if (ownBuild) return ownBuild;
  const dir = path.join(OUT, 'dist-browser-bench');
  execFileSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', dir], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  ownBuild = dir;
  return dir;
}
