// `npm run bench`: console weight per route, GetUserInfo throughput, start-up time, then each area's
// own bench (flows, plans, money, sms, sms-views, sms-paste, uploads, billing-ui, voice, audience,
// email-smtp, email-batch, short-links, scale-out, api-postgres, journey, journey-simulation, canvas, inbox,
// social-rules, ad-report, whatsapp-tier). Prints every figure and writes bench/out/results.json. Loopback
// only; a few minutes at most. Figures, never
// assertions (ARCHITECTURE.md): the aims are printed beside them.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchApi } from './api';
import { buildConsole, DIST_DIR, measureBundle } from './bundle';
import { benchStartup } from './startup';
import { kB, ms, table } from './lib/report';
import { OUT, ROOT } from './lib/server';

const SIGNIN_AIM_GZIP = 150_000;
const API_AIM_RPS = 2_000;

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (part: string) => !only || only.includes(part);
mkdirSync(OUT, { recursive: true });

const results: Record<string, unknown> = {
  startedAt: new Date().toISOString(),
  machine: {
    node: process.version,
    cpus: os.cpus().length,
    loadAverage1m: os.loadavg()[0],
    memoryGB: Math.round(os.totalmem() / 1e9),
  },
};

console.log(
  `Herald bench — node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)} (shared machine: figures move with it)`,
);

// The build is needed by every part: the start-up bench serves it as `npm start` does. A failed
// build (a tree mid-edit) is reported; the server benches still run, on the last build if any.
let buildMs: number | null = null;
if (!process.argv.includes('--no-build')) {
  console.log('\nbuilding the console (vite build --manifest) …');
  try {
    buildMs = buildConsole();
    process.env.HERALD_BENCH_BUILT = DIST_DIR; // the browser benches serve this build
  } catch (error) {
    results.buildError = String(error).split('\n')[0];
    console.log(`build failed: ${results.buildError}`);
  }
}

if (wants('bundle') && buildMs !== null) {
  const bundle = measureBundle(buildMs);
  results.bundle = bundle;
  console.log(
    table(
      `Initial JavaScript per route, gzip (kB = 1000 bytes; entry + view + their static imports, + console frame when protected). Aim: /signin ≤ ${kB(SIGNIN_AIM_GZIP)}`,
      ['route', 'access', 'view', 'JS files', 'raw', 'gzip', 'aim'],
      bundle.routes.map((r) => [
        r.path,
        r.access,
        r.view,
        r.files,
        kB(r.jsRaw),
        kB(r.jsGzip),
        r.path === '/signin' ? (r.jsGzip <= SIGNIN_AIM_GZIP ? 'met' : 'OVER') : '',
      ]),
    ),
  );
  console.log(`entry CSS: ${kB(bundle.entryCssGzip)} gzip; build took ${ms(buildMs)}`);
  const { locales } = bundle;
  console.log(
    table(
      'Locale JSON, gzip: src/i18n loads one language, by namespace, on demand (before the split, all of it was in the entry)',
      ['locales', 'gzip'],
      [
        ['every namespace, en + zh (in the entry before the split)', kB(locales.allGzip)],
        ['every namespace, en only', kB(locales.englishGzip)],
        [`en: ${locales.signinNamespaces.join(', ')} (what /signin renders)`, kB(locales.englishSigninGzip)],
      ],
    ),
  );
  const total = bundle.signinBreakdown.reduce((sum, m) => sum + m.gzipEstimate, 0);
  console.log(
    table(
      '/signin JS by package (minified bytes from source maps; gzip estimated by share)',
      ['package or folder', 'minified', 'gzip ≈', 'share'],
      bundle.signinBreakdown
        .slice(0, 14)
        .map((m) => [m.module, kB(m.raw), kB(m.gzipEstimate), `${((m.gzipEstimate / total) * 100).toFixed(1)} %`]),
    ),
  );
}

if (wants('api')) {
  console.log('\nGetUserInfo load: real server in its own process, autocannon from this one …');
  const api = await benchApi(DIST_DIR);
  results.api = api;
  console.log(
    table(
      `Requests per second on the embedded database (PGlite), loopback. Aim: GetUserInfo ≥ ${API_AIM_RPS}/s`,
      [
        'load',
        'connections',
        'seconds',
        'req/s',
        'p50',
        'p99',
        'requests',
        'non-2xx',
        'errors',
        'server CPU',
        'req per CPU-s',
      ],
      api.runs.map((r) => [
        r.name,
        r.connections,
        r.durationS,
        r.requestsPerSecond,
        `${r.latencyP50Ms} ms`,
        `${r.latencyP99Ms} ms`,
        r.requests,
        r.non2xx,
        r.errors,
        `${r.serverCpuSeconds} s`,
        r.requestsPerCpuSecond,
      ]),
    ),
  );
  console.log(
    `server RSS after load: ${api.serverRssMB ?? '?'} MB; GetUserInfo RetCode after load: ${api.retCodeAfterLoad}`,
  );
  console.log(
    'req per CPU-s: requests ÷ CPU seconds of the server process: what it serves on one core of its own, whatever the machine load.',
  );
}

if (wants('startup')) {
  console.log('\nstart-up: tsx server/main.ts with the build above …');
  const startup = await benchStartup(DIST_DIR);
  results.startup = startup;
  console.log(
    table(
      'Start-up to the first /api answer (process spawn → reply), and to the demo signed in',
      ['data dir', 'first /api answer', 'demo signed in'],
      startup.map((r) => [r.dataDir, ms(r.firstAnswerMs), ms(r.signedInMs)]),
    ),
  );
}

// The areas' own benches (one file each, written with their features): each returns its figures.
type Figures = Record<string, string | number>;
const areaBenches: [string, () => Promise<Figures>][] = [
  ['flows', () => import('./flows').then((m) => m.benchFlows())],
  ['plans', () => import('./plans').then((m) => m.benchPlans())],
  ['money', () => import('./money').then((m) => m.benchMoney())],
  ['sms', () => import('./sms').then((m) => m.benchSms())],
  ['sms-views', () => import('./sms-views').then((m) => m.benchSmsViews())],
  ['sms-paste', () => import('./sms-paste').then((m) => m.benchSmsPaste())],
  ['uploads', () => import('./uploads').then((m) => m.benchUploads())],
  ['billing-ui', () => import('./billing-ui').then((m) => m.benchBillingUi())],
  ['voice', () => import('./voice').then((m) => m.benchVoice())],
  ['audience', () => import('./audience').then((m) => m.benchAudience())],
  ['email-smtp', () => import('./email-smtp').then((m) => m.benchEmailSmtp())],
  ['email-batch', () => import('./email-batch').then((m) => m.benchEmailBatch())],
  ['short-links', () => import('./short-links').then((m) => m.benchShortLinks())],
  ['scale-out', () => import('./scale-out').then((m) => m.benchScaleOut())],
  ['api-postgres', () => import('./api-postgres').then((m) => m.benchApiPostgres())],
  ['journey', () => import('./journey').then((m) => m.benchJourney())],
  ['journey-simulation', () => import('./journey-simulation').then((m) => m.benchJourneySimulation())],
  ['canvas', () => import('./canvas').then((m) => m.benchCanvas())],
  ['inbox', () => import('./inbox').then((m) => m.benchInbox())],
  ['social-rules', () => import('./social-rules').then((m) => m.benchSocialRules())],
  ['ad-report', () => import('./ad-report').then((m) => m.benchAdReport())],
  ['whatsapp-tier', () => import('./whatsapp-tier').then((m) => m.benchWhatsAppTier())],
];
for (const [part, run] of areaBenches) {
  if (!wants(part)) continue;
  console.log(`\n${part} …`);
  const started = performance.now();
  try {
    const figures = await run();
    results[part] = figures;
    console.log(
      table(
        `${part} (${ms(performance.now() - started)})`,
        ['figure', 'value'],
        Object.entries(figures).map(([name, value]) => [name, value]),
      ),
    );
  } catch (error) {
    results[part] = { error: String(error).split('\n')[0] };
    console.log(`${part} failed: ${String(error).split('\n')[0]}`);
  }
}

results.finishedAt = new Date().toISOString();
const file = path.join(OUT, 'results.json');
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwrote ${path.relative(ROOT, file)}`);
// Every bench stops what it started; a handle one of them leaves open must not hold the run.
process.exit(0);
