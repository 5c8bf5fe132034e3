import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { eachLine } from '../server/testing/child-process';
import { checkRestartJourney } from '../server/workflows/journey-restart';
import { cpuSecondsOf, ROOT } from './lib/server';

// Issue 14's journey figure: BENCH_JOURNEY_CONTACTS (100,000) contacts of one list enter a journey with a
// one-minute delay and a three-way condition (Tier gold → SMS, silver → e-mail, the rest leave), on the
// embedded database with pg-boss, one worker process (server/workflows/journey-restart-fixture.ts). Printed:
// the enrolment at start, the time until every contact is scheduled (trigger and delay taken, waiting), the
// step throughput, and a SIGKILL of the worker half-way through the steps and a restart on the same data
// folder, after which every run is checked against the reference path: no step lost, none taken twice,
// one kernel task per message step. The delay costs no real time: the fixture moves its clock past it once
// every run waits.

const CONTACTS = Number(process.env.BENCH_JOURNEY_CONTACTS || 100_000);
const fixture = path.join(ROOT, 'server/workflows/journey-restart-fixture.ts');

interface Progress {
  ms: number;
  steps: number;
  scheduled: number;
  queued: number;
  ended: number;
  total: number;
  /** Runs past the delay (trigger and delay taken, or ended). */
  pastDelay: number;
}

const parse = (line: string): Progress | null => {
  const m = /^progress (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$/.exec(line);
  if (!m) return null;
  const [ms, steps, scheduled, queued, ended, total, pastDelay] = m.slice(1).map(Number);
  return { ms, steps, scheduled, queued, ended, total, pastDelay };
};

/** Runs the fixture; `kill` sees each progress line and may answer true to SIGKILL the process there. */
function run(args: string[], kill: (p: Progress) => boolean = () => false) {
  return new Promise<{
    lines: string[];
    progress: Progress[];
    killedAt: Progress | null;
    wallMs: number;
    cpuS: number;
  }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, HERALD_JOURNEY_POLL_MS: process.env.HERALD_JOURNEY_POLL_MS || '3000' },
    });
    const lines: string[] = [];
    const progress: Progress[] = [];
    let killedAt: Progress | null = null;
    let cpuS = 0;
    eachLine(child.stdout, (line) => {
      lines.push(line);
      const p = parse(line);
      if (!p) return;
      progress.push(p);
      if (!killedAt && kill(p)) {
        killedAt = p;
        cpuS = cpuSecondsOf(child.pid!);
        child.kill('SIGKILL');
      }
    });
    const sampler = setInterval(() => {
      try {
        if (!killedAt) cpuS = cpuSecondsOf(child.pid!);
      } catch {
        // exited
      }
    }, 500);
    child.on('error', reject);
    child.on('exit', () => {
      clearInterval(sampler);
      resolve({ lines, progress, killedAt, wallMs: performance.now() - started, cpuS });
    });
  });
}

const s = (ms: number) => Number((ms / 1000).toFixed(1));

export async function benchJourney(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-journey-'));
  try {
    const prepared = await run(['prepare', dataDir, String(CONTACTS)]);
    const enrolled = prepared.lines.find((line) => line.startsWith('enrolled '));
    if (!enrolled) throw new Error(`prepare: ${prepared.lines.slice(-5).join(' / ')}`);
    const enrolMs = Number(enrolled.split(' ')[2]);
    // gold and bronze take 5 steps (trigger, delay, condition, send or condition, exit), silver 6.
    const expectedSteps = 5 * CONTACTS + Math.floor((CONTACTS + 2) / 3);
    const first = await run(['work', dataDir], (p) => p.steps >= expectedSteps / 2);
    if (!first.killedAt) throw new Error(`not killed: ${first.lines.slice(-5).join(' / ')}`);
    const killedAt: Progress = first.killedAt;
    // Every contact scheduled: every run has taken the trigger and the delay (or ended). Not "every run waits
    // at once", which never comes once scheduling takes longer than the delay (the first runs go on).
    const allScheduled = first.progress.find((p) => p.pastDelay === p.total);
    const firstStep = first.progress.find((p) => p.steps > 0);
    const second = await run(['work', dataDir]);
    if (second.lines.at(-1) !== 'done') throw new Error(`restart: ${second.lines.slice(-5).join(' / ')}`);
    const resumed = second.progress[0];
    const last = second.progress.at(-1)!;
    const database = await openDatabase({ dataDir });
    const check = await checkRestartJourney(database).finally(() => database.close());
    const afterSteps = check.steps - resumed.steps;
    return {
      contacts: CONTACTS,
      'start: enrolment of every contact (ms)': Math.round(enrolMs),
      'worker start to first step (s)': firstStep ? s(firstStep.ms) : '?',
      'worker start to every contact past the delay (s)': allScheduled ? s(allScheduled.ms) : 'not before the kill',
      'steps before the kill': killedAt.steps,
      'killed at (s after worker start)': s(killedAt.ms),
      'steps/s before the kill': Math.round(killedAt.steps / (killedAt.ms / 1000)),
      'steps per worker CPU-s before the kill': Math.round(killedAt.steps / first.cpuS),
      'steps the kill left uncounted (last line to kill)': resumed.steps - killedAt.steps,
      'restart: steps after (s)': s(last.ms),
      'restart: steps/s': Math.round(afterSteps / (last.ms / 1000)),
      'restart: worker CPU-s': Number(second.cpuS.toFixed(1)),
      'steps taken (expected)': `${check.steps} (${check.expectedSteps})`,
      'runs completed': `${check.completed} of ${check.runs}`,
      'runs off the reference path': check.mismatched,
      'steps taken twice': check.doubledSteps,
      'kernel tasks (expected one per message step)': `${check.kernelTasks} (${check.expectedSends})`,
      'messages sent twice': check.doubledSends,
      'tasks without a step / steps without a task': `${check.tasksWithoutStep} / ${check.stepsWithoutTask}`,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchJourney());
  process.exit(0);
}
