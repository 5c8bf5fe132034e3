// A worker process for the kill-and-restart test (sms-restart.test.ts) and nothing else:
//   prepare <dataDir> <recipients>: a passed template and an immediate task; prints "task <id>"
//   work <dataDir>: works the queues and prints "progress <final results> <total> <status> <sent>" until
//   the task ends.
import { sql } from 'drizzle-orm';
import { boot } from '../boot';
import { createApp } from '../app';
import { startJobs } from './index';
import { memoryJobQueue } from '../queue/memory';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed';

const [mode, dataDir, count = '60'] = process.argv.slice(2);
const smsSettings = {
  groupSize: 5,
  groupIntervalMs: 300,
  carrierLatencyMs: 0,
  reviewDelayMs: 0,
  pollingIntervalSeconds: 0.5,
  sweepIntervalMs: 3_600_000,
};
// prepare works no queue: its task-start job only needs recording (the worker's start-up sweep finds the
// waiting task), so it keeps the queue in memory and skips installing pg-boss.
const deps = await boot({ dataDir, smsSettings, ...(mode === 'prepare' ? { jobs: memoryJobQueue() } : {}) });

if (mode === 'prepare') {
  const app = createApp(deps);
  const api = async (body: Record<string, unknown>, token?: string) => {
    const response = await app.request(
      '/api',
      {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    return (await response.json()) as { RetCode: number; Data: Record<string, string> };
  };
  const { Data: tokens } = await api({ Action: 'LoginByPassword', Email: DEMO_EMAIL, Password: DEMO_PASSWORD });
  const template = await api(
    {
      Action: 'CreateUSMSTemplate',
      TemplateName: 'Restart',
      Purpose: 0,
      Language: 'en',
      Content: 'A message that must arrive exactly once',
    },
    tokens.AccessToken,
  );
  await deps.database.db.execute(
    sql`UPDATE sms_templates SET status = 2 WHERE template_id = ${template.Data.TemplateId}`,
  );
  // No worker in this process: the task is stored and waits for the worker process's sweep.
  const phones = Array.from({ length: Number(count) }, (_, i) => `41555${String(10_000 + i * 7).slice(-5)}`);
  const task = await api(
    {
      Action: 'AddUSMSSendTask',
      TaskName: 'Restart',
      TemplateId: template.Data.TemplateId,
      CountryCode: 'US',
      Phones: phones,
    },
    tokens.AccessToken,
  );
  if (task.RetCode !== 0) throw new Error(JSON.stringify(task));
  console.log(`task ${task.Data.TaskId}`);
  await deps.database.close();
  process.exit(0);
}

// Progress is watched from before the workers start: the start-up sweep may deliver much of the task
// before startJobs returns, and the test must see a line in the middle of it to kill the process there.
let finished = false;
const watching = (async () => {
  while (!finished) {
    const { rows } = await deps.database.query<{ status: number; done: number; total: number; sent: number }>(
      'SELECT status, success_count + fail_count + unknown_count + submit_fail_count AS done, total_count AS total, submit_count + submit_fail_count AS sent FROM channel_tasks ORDER BY id DESC LIMIT 1',
    );
    console.log(`progress ${rows[0].done} ${rows[0].total} ${rows[0].status} ${rows[0].sent}`);
    if (rows[0].status === 3 || rows[0].status === 4) finished = true;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const jobs = await startJobs(deps);
await watching;
// The normal end: stop the jobs and checkpoint, so the last commits are in the data files before the
// process exits and the test opens the same folder. Only the first run is killed mid-task.
await jobs.stop();
await deps.database.exec('CHECKPOINT');
console.log('done');
process.exit(0);
