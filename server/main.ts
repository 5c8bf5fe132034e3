import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { boot, bootOptionsFromEnv } from './boot';
import { createApp } from './app';
import { startJobs, type JobRuntime } from './jobs';
import { setPaymentsWebhookUrl, WEBHOOK_PATH } from './providers/payments';
import { DEMO_EMAIL, DEMO_PASSWORD, seedOptionsFromEnv } from './db/seed';
import { flushShortLinkHits } from './short-links/recorders';
import { flushTrackEvents } from './email/track-recorder';
import { settleLimits } from './limits';

// ROLE=all (default): console, /api and the job workers in one process. ROLE=api: console and /api,
// works no queue (it only sends jobs). ROLE=worker: works the queues and serves only /healthz.
const startedAt = performance.now();
const port = Number(process.env.PORT ?? 8080);
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const options = bootOptionsFromEnv();
const role = options.role ?? 'all';
console.log(`[herald] ROLE=${role}: ${describeRole(role)}`);

const deps = await boot(options);
const jobs: JobRuntime | null = role === 'api' ? null : await startJobs(deps);
const app = role === 'worker' ? workerApp() : createApp(deps);
// The embedded default runs the sandbox SMTP sink from the start, so /dev/outbox can name its port.
const sink = role !== 'api' && !options.smtpUrl && deps.config.devTools ? await startSink() : null;
if (process.env.HERALD_DNS_SANDBOX === '1' && deps.config.devTools) {
  const { startDnsSandbox } = await import('./dev/dns-sandbox');
  console.log(
    `[herald] DNS sandbox on ${await startDnsSandbox(app, deps)}: e-mail domains verify against it (PUT /dev/dns)`,
  );
}

if (role !== 'worker' && existsSync(path.join(distDir, 'index.html'))) {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  // Hashed chunks never change: cache them forever. index.html is always revalidated.
  app.use('/assets/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.' }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
} else if (role !== 'worker') {
  console.warn(`[herald] no console build in ${distDir}: serving the gateway only (run \`npm run build\`).`);
}

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  const address = `http://localhost:${info.port}`;
  // Mailed links never come from a request's Host header: without PUBLIC_URL, the address listened on.
  deps.config.publicUrl ??= listenOrigin(process.env.HOST, info.port);
  setPaymentsWebhookUrl(deps, `http://127.0.0.1:${info.port}${WEBHOOK_PATH}`);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  if (role === 'worker') {
    console.log(`\nHerald worker is running (health at ${address}/healthz; ready in ${seconds} s)`);
    return;
  }
  console.log(`\nHerald is running at ${address}  (ready in ${seconds} s, ${deps.database.kind} database)`);
  if (seedOptionsFromEnv(process.env, { embedded: !options.databaseUrl }).demo)
    console.log(`Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  console.log(
    `Links in mails: ${deps.config.publicUrl}${process.env.PUBLIC_URL ? '' : ' (set PUBLIC_URL for another)'}`,
  );
  if (sink)
    console.log(`Sandbox SMTP sink: smtp://${sink.host}:${sink.port} (set HERALD_SMTP_SINK_PORT for a fixed port)`);
  if (deps.config.devTools)
    console.log(
      `Sandbox outbox: ${address}/dev/outbox (${deps.config.devToolsAnyClient ? 'open to every client: HERALD_DEV_TOOLS_ANY_CLIENT=1' : 'loopback clients only; HERALD_DEV_TOOLS_ANY_CLIENT=1 opens it'})\n`,
    );
});

async function startSink() {
  await deps.mail.transport();
  return deps.mail.sink();
}

function listenOrigin(host: string | undefined, listenPort: number): string {
  const name = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${listenPort}`;
}

function describeRole(r: typeof role): string {
  if (r === 'api') return 'console and /api; works no queue';
  if (r === 'worker') return 'works the job queues; no console or /api (only /healthz)';
  return 'console, /api and the job workers in one process';
}

/** A worker answers nothing but its health: load balancers and orchestrators may probe it. */
function workerApp(): Hono {
  const health = new Hono();
  health.get('/healthz', (c) => c.json({ ok: true, role: 'worker' }));
  return health;
}

let stopping = false;
/** Stops taking requests, lets the jobs in flight finish (pg-boss graceful stop), then closes the database. */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[herald] ${signal}: stopping (draining jobs in flight)`);
  server.close();
  await (jobs ? jobs.stop({ graceful: true }) : deps.jobs.stop({ graceful: true })).catch((error) =>
    console.error('[jobs] stop', error),
  );
  // The short-link hits, e-mail opens and clicks still in their batch buffers are written before the database closes.
  await flushShortLinkHits(deps.database).catch((error) => console.error('[short-links] flush', error));
  await flushTrackEvents(deps.database.db).catch((error) => console.error('[email-tracking] flush', error));
  await deps.mail.close().catch((error) => console.error('[mail] close', error));
  await settleLimits(deps.database).catch((error) => console.error('[limits] settle', error));
  await deps.database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
