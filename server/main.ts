import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { boot, bootOptionsFromEnv } from './boot';
import { createApp } from './app';
import { startJobs } from './jobs';
import { setPaymentsWebhookUrl, WEBHOOK_PATH } from './providers/payments';
import { DEMO_EMAIL, DEMO_PASSWORD } from './db/seed';

const startedAt = performance.now();
const port = Number(process.env.PORT ?? 8080);
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');

const deps = await boot(bootOptionsFromEnv());
const app = createApp(deps);
// Jobs (pg-boss): ROLE=api only enqueues; ROLE=worker and the default single process also work the queues.
const jobs = await startJobs(deps, { work: process.env.ROLE !== 'api' });

if (existsSync(path.join(distDir, 'index.html'))) {
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
} else {
  console.warn(`[herald] no console build in ${distDir}: serving the gateway only (run \`npm run build\`).`);
}

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  const address = `http://localhost:${info.port}`;
  setPaymentsWebhookUrl(deps, `http://127.0.0.1:${info.port}${WEBHOOK_PATH}`);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(`\nHerald is running at ${address}  (ready in ${seconds} s, ${deps.database.kind} database)`);
  console.log(`Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  if (deps.config.devTools) console.log(`Sandbox outbox: ${address}/dev/outbox\n`);
});

async function shutdown() {
  await jobs.stop().catch((error) => console.error('[jobs] stop', error));
  server.close();
  await deps.database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
