import pg from 'pg';
import { call, startServer, type ServerProcess } from './spawn';

// One SMS task across real processes on one PostgreSQL (issue 19 item 2): the scale-out test
// (scale-out.test.ts) and the bench (bench/scale-out.ts) both start a fleet, fund the demo account, submit
// through an api process and read the outcome from the database.

export const DEMO = { Email: 'demo@herald.local', Password: 'herald-demo-1' };
/** The queues an SMS task's delivery goes through (pg-boss's job table, by name). */
export const SMS_QUEUES = ['sms-task-start', 'sms-send-group', 'sms-carrier-reports', 'channel-task-parse'];

export interface FleetOptions {
  databaseUrl: string;
  /** Recipients per send group and the pacing between groups (spec 001 §9). */
  groupSize: number;
  groupIntervalMs: number;
  /** The sandbox carrier's delay before delivery reports. */
  carrierLatencyMs: number;
  /** A killed worker's jobs come back after this (pg-boss expiry, checked every few seconds). */
  jobExpireSeconds?: number;
}

/** The environment of a fleet process of `role`. */
export function fleetEnv(role: 'api' | 'worker', options: FleetOptions): Record<string, string> {
  return {
    ROLE: role,
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: role === 'api' ? '4' : '6',
    HERALD_SEED_DEMO: '1',
    HERALD_RATE_LIMIT_PER_ADDRESS: '100000',
    SMS_SEND_GROUP_SIZE: String(options.groupSize),
    SMS_SEND_GROUP_INTERVAL_MS: String(options.groupIntervalMs),
    SMS_CARRIER_LATENCY_MS: String(options.carrierLatencyMs),
    SMS_JOB_POLL_SECONDS: '0.5',
    JOB_EXPIRE_SECONDS: String(options.jobExpireSeconds ?? 300),
    JOB_MAINTENANCE_SECONDS: String(Math.min(5, options.jobExpireSeconds ?? 120)),
    HERALD_JOB_LOG: '1',
  };
}

/** `apis` api processes, then `workers` workers: [api…, worker…]. */
export async function startFleet(options: FleetOptions, workers: number, apis = 1): Promise<ServerProcess[]> {
  // One api first: it migrates and seeds the empty database; the others then find it ready.
  const first = await startServer(fleetEnv('api', options));
  const rest = await Promise.all([
    ...Array.from({ length: apis - 1 }, () => startServer(fleetEnv('api', options))),
    ...Array.from({ length: workers }, () => startServer(fleetEnv('worker', options))),
  ]);
  return [first, ...rest];
}

/** How many batches of `queue`'s jobs a fleet process logged as done (HERALD_JOB_LOG). */
export const jobBatchesDone = (process: ServerProcess, queue: string) =>
  process
    .output()
    .split('\n')
    .filter((line) => line.startsWith(`[jobs] ${queue} x`)).length;

export async function stopFleet(processes: ServerProcess[]): Promise<void> {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(processes.map((p) => p.exited));
}

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** SMS balance for `messages` messages and a passed template on the demo account; answers the template id. */
export async function fundDemo(databaseUrl: string, messages: number): Promise<string> {
  const templateId = 'UTSCALE00001';
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `UPDATE wallets SET amount = amount + $1 WHERE product_type = 9 AND user_id = (SELECT id FROM users WHERE email = $2)`,
      [messages * 1000, DEMO.Email],
    );
    await client.query(
      `INSERT INTO sms_templates (template_id, user_id, name, purpose, language, content, status, variable_count, created_at, updated_at)
       SELECT $1, id, 'Scale-out', 2, 'en', 'Your Herald order has shipped and is on its way today', 2, 0, now(), now()
       FROM users WHERE email = $2 AND NOT EXISTS (SELECT 1 FROM sms_templates WHERE template_id = $1)`,
      [templateId, DEMO.Email],
    );
  });
  return templateId;
}

/** `count` distinct US numbers from `offset`: the sandbox refuses those ending 9, fails 7, leaves 8 unknown. */
export const usPhones = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) => `4155${String(offset + i).padStart(6, '0')}`);

export async function signIn(api: ServerProcess): Promise<string> {
  const reply = await call<{ AccessToken: string }>(api.url, 'LoginByPassword', DEMO);
  if (reply.RetCode !== 0) throw new Error(`LoginByPassword: ${reply.RetCode} ${reply.Message}`);
  return reply.Data.AccessToken;
}

export async function submitTask(
  api: ServerProcess,
  token: string,
  templateId: string,
  phones: string[],
): Promise<string> {
  const reply = await call<{ TaskId: string }>(
    api.url,
    'AddUSMSSendTask',
    { TaskName: 'Scale-out', TemplateId: templateId, CountryCode: 'US', Phones: phones },
    token,
  );
  if (reply.RetCode !== 0) throw new Error(`AddUSMSSendTask: ${reply.RetCode} ${reply.Message}`);
  return reply.Data.TaskId;
}

export interface TaskRow {
  id: number;
  status: number;
  total: number;
  sent: number;
  /** Recipients with their final result (success, fail, unknown or refused at submission). */
  reported: number;
  submit: number;
  submitFail: number;
  cost: number;
}

export async function taskRows(client: pg.Client, taskIds: string[]): Promise<TaskRow[]> {
  const { rows } = await client.query<Record<string, string | number>>(
    `SELECT id, status, total_count, submit_count, submit_fail_count, success_count + fail_count + unknown_count + submit_fail_count AS reported, cost
     FROM channel_tasks WHERE task_id = ANY($1::text[]) ORDER BY id`,
    [taskIds],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    status: Number(r.status),
    total: Number(r.total_count),
    submit: Number(r.submit_count),
    submitFail: Number(r.submit_fail_count),
    sent: Number(r.submit_count) + Number(r.submit_fail_count),
    reported: Number(r.reported),
    cost: Number(r.cost),
  }));
}

/** SMS Complete (3) or Failed (4). */
export const finished = (task: TaskRow) => task.status === 3 || task.status === 4;

/** Polls until `done` holds for the tasks (or throws after `timeoutMs`); `each` sees every reading. */
export async function watchTasks(
  client: pg.Client,
  taskIds: string[],
  done: (tasks: TaskRow[]) => boolean,
  timeoutMs: number,
  each: (tasks: TaskRow[]) => void = () => undefined,
): Promise<TaskRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tasks = await taskRows(client, taskIds);
    each(tasks);
    if (tasks.length === taskIds.length && done(tasks)) return tasks;
    if (Date.now() > deadline) throw new Error(`tasks not done in ${timeoutMs} ms: ${JSON.stringify(tasks)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** pg-boss jobs of the SMS queues not completed yet, by state. */
export async function jobsNotDone(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ state: string; n: number }>(
    `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active') GROUP BY state`,
    [SMS_QUEUES],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
