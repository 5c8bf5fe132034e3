import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { boot } from '../server/boot';
import { createApp } from '../server/app';
import { startJobs } from '../server/jobs';
import { credit } from '../server/money/ledger';
import { rowsOf } from '../server/db/rows';
import { signTrackToken, trackSecret } from '../server/email/track-token';
import { TRACK_OPEN_PATH } from '../server/email/tracking';
import { flushTrackEvents } from '../server/email/track-recorder';
import { EMAIL_PRICE } from '../src/gateway/contract/actions/email-send';
import { EMAIL_DOMAIN_STATUS, EMAIL_TASK_STATUS, EMAIL_TEMPLATE_STATUS } from '../src/gateway/contract/statuses';
import { callApi, freePort, signInDemo } from './lib/server';

// Issue 13's figures on the embedded database. (1) A 500,000-recipient batch task (pasted addresses,
// AddEmailSendTask over HTTP, scheduled a day ahead): the time until the gateway answered (accepted), then until the parse job
// stored every recipient (the task leaves Parsing), and the process's peak RSS. The per-message render +
// DKIM-sign rate and the pooled SMTP delivery rate are bench/email-smtp.ts's. (2) The open pixel under
// autocannon (20 connections): every request resolves its signed token against the task and recipient
// and records the open (counted in batches, one upsert per 250 ms), as a mail client's fetch does.
// Set-up shortcuts: the plan's EmailLimit is raised, and the domain and the template are marked passed in SQL (their DNS check and review have
// their own tests); everything measured goes through the gateway and the real job queue.

const RECIPIENTS = Number(process.env.BENCH_EMAIL_BATCH ?? 500_000);
const PIXEL_SECONDS = Number(process.env.BENCH_EMAIL_PIXEL_SECONDS ?? 10);

type LoadResult = Parameters<Parameters<typeof autocannon>[1]>[1];

function load(url: string, duration: number) {
  return new Promise<LoadResult>((resolve, reject) => {
    const instance = autocannon({ url, connections: 20, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

async function ok(base: string, token: string, body: Record<string, unknown>) {
  const reply = await callApi(base, body, token);
  if (reply.RetCode !== 0) throw new Error(`${String(body.Action)}: ${reply.RetCode} ${reply.Message}`);
  return reply.Data;
}

export async function benchEmailBatch(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-email-batch-'));
  const deps = await boot({ dataDir });
  const jobs = await startJobs(deps);
  const port = await freePort(8290);
  const server = serve({ fetch: createApp(deps).fetch, port, hostname: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  try {
    const db = deps.database.db;
    const token = await signInDemo(base);
    const { AdminUserId: userId } = (await ok(base, token, { Action: 'GetUserInfo' })) as { AdminUserId: number };
    await db.transaction((tx) =>
      credit(tx, {
        userId,
        productType: 6011,
        amount: RECIPIENTS * EMAIL_PRICE,
        billType: 'recharge',
        uniqueKey: 'bench-email-batch',
      }),
    );
    // The demo plan's EmailLimit (200,000 a term) would refuse the task: this bench's plan allows it.
    await db.execute(
      sql`UPDATE subscription_packages SET limits = jsonb_set(limits, '{EmailLimit}', to_jsonb(${RECIPIENTS * 2}::int))`,
    );
    const { DomainId } = (await ok(base, token, { Action: 'AddUEmailDomain', Domain: 'bench-mail.example.com' })) as {
      DomainId: string;
    };
    await db.execute(
      sql`UPDATE email_domains SET status = ${EMAIL_DOMAIN_STATUS.Passed} WHERE domain_id = ${DomainId}`,
    );
    const { SenderId } = (await ok(base, token, {
      Action: 'AddUEmailSender',
      Alias: 'Bench',
      Address: 'news@bench-mail.example.com',
    })) as { SenderId: string };
    const { TemplateId } = (await ok(base, token, {
      Action: 'CreateEmailTemplate',
      TemplateName: 'bench',
      Subject: 'Autumn offers',
      PreviewText: 'Ten percent off',
      Kind: 'batch',
      EmailType: 3,
      Editor: 'richText',
      Design: '{}',
      Html: '<p>Hello, autumn is here. <a href="https://shop.example.com/offers">See the offers</a></p>',
    })) as { TemplateId: string };
    await db.execute(
      sql`UPDATE email_templates SET status = ${EMAIL_TEMPLATE_STATUS.Passed} WHERE template_id = ${TemplateId}`,
    );

    const emails = Array.from({ length: RECIPIENTS }, (_, i) => `reader${i}@inbox.example.org`);
    const started = performance.now();
    const { TaskId } = (await ok(base, token, {
      Action: 'AddEmailSendTask',
      TaskName: 'Bench batch',
      TemplateId,
      SenderId,
      Emails: emails,
      // scheduled a day ahead: parsed now, delivered later (delivery is bench/email-smtp.ts's figure)
      SendType: 'scheduled',
      ScheduledTime: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16).replace('T', ' '),
      TimeZone: 'UTC',
    })) as { TaskId: string };
    const acceptedMs = performance.now() - started;
    let status: number = EMAIL_TASK_STATUS.Parsing;
    const polls: number[] = [];
    while (status === EMAIL_TASK_STATUS.Parsing) {
      const asked = performance.now();
      const { Tasks } = (await ok(base, token, { Action: 'GetEmailSendTask', TaskId })) as {
        Tasks: { Status: number }[];
      };
      polls.push(performance.now() - asked);
      status = Tasks[0]!.Status;
      if (performance.now() - started > 20 * 60_000) throw new Error('the task was not parsed in 20 minutes');
      if (status === EMAIL_TASK_STATUS.Parsing) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const parsedMs = performance.now() - started;
    const [task] = await rowsOf<{ id: number; n: string }>(
      db,
      sql`SELECT t.id, (SELECT count(*) FROM channel_recipients r WHERE r.task_id = t.id) AS n
        FROM channel_tasks t WHERE t.task_id = ${TaskId}`,
    );
    const acceptPeakMB = Math.round(peakRss / 1e6);

    const secret = await trackSecret(db);
    const pixel = `${base}${TRACK_OPEN_PATH}/${signTrackToken(secret, 'o', userId, { taskId: task!.id, seq: 1, index: 0 })}.gif`;
    await load(pixel, 2); // warm-up
    const [before] = await rowsOf<{ n: string }>(
      db,
      sql`SELECT count AS n FROM email_track_events WHERE task_id = ${task!.id}`,
    );
    const result = await load(pixel, PIXEL_SECONDS);
    // autocannon stops at its time with requests in flight: let the server answer them before reading
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await flushTrackEvents(db);
    const [after] = await rowsOf<{ n: string }>(
      db,
      sql`SELECT count AS n FROM email_track_events WHERE task_id = ${task!.id}`,
    );
    polls.sort((a, b) => a - b);
    return {
      recipients: RECIPIENTS,
      'accepted (AddEmailSendTask answered) ms': Math.round(acceptedMs),
      'recipients stored (task left Parsing) s': Number((parsedMs / 1000).toFixed(1)),
      'recipients stored': Number(task!.n),
      'status read while parsing, median / max ms': `${Math.round(polls[Math.floor(polls.length / 2)] ?? 0)} / ${Math.round(polls.at(-1) ?? 0)}`,
      'peak RSS, server and client in one process, MB': acceptPeakMB,
      'open pixel requests/s (20 connections)': Math.round(result.requests.average),
      'open pixel p50 / p99 ms': `${result.latency.p50} / ${result.latency.p99}`,
      'pixel answers not 2xx': result.non2xx,
      'opens recorded / pixel requests': `${Number(after?.n ?? 0) - Number(before?.n ?? 0)} / ${result.requests.total}`,
    };
  } finally {
    clearInterval(sampler);
    server.close();
    await jobs.stop({ graceful: false });
    await deps.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchEmailBatch());
