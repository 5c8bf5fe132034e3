import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { runChild } from '../testing/child-process';
import { checkRestartJourney } from './journey-restart';

// Issue 14: a journey worker killed with SIGKILL in the middle of a journey (some contacts past the
// condition and sent to, others not yet) and started again on the same data folder loses no step and takes
// none twice: every run ends along the reference path, and each message step made one kernel task.

const CONTACTS = Number(process.env.HERALD_JOURNEY_RESTART_CONTACTS || 30);
const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-journey-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const fixture = path.join(import.meta.dirname, 'journey-restart-fixture.ts');

/** Runs the fixture; `killWhen` may SIGKILL it on a stdout line. */
// A batch of step jobs is one transaction: three runs a batch (one fetch each half second) leave moments
// where some runs have ended and others not, for the kill.
const env = { ...process.env, HERALD_JOURNEY_STEP_BATCH: '3' };
const run = (args: string[], killWhen?: (line: string) => boolean) => runChild(fixture, args, { killWhen, env });

it('a journey worker killed mid-journey and restarted loses no step and takes none twice', async () => {
  const prepared = await run(['prepare', dataDir, String(CONTACTS)]);
  expect(prepared.lines.find((line) => line.startsWith('enrolled '))).toMatch(new RegExp(`^enrolled ${CONTACTS} `));

  // Killed after the delay, while the condition and send steps are being taken: some runs ended, not all.
  const first = await run(['work', dataDir], (line) => {
    const m = /^progress \d+ (\d+) \d+ \d+ (\d+) (\d+)/.exec(line);
    return Boolean(m && Number(m[2]) >= 5 && Number(m[2]) < Number(m[3]) - 5);
  });
  expect(first.killed, first.lines.slice(-8).join(' / ')).toBe(true);

  const second = await run(['work', dataDir]);
  expect(second.lines.at(-1)).toBe('done');

  const database = await openDatabase({ dataDir });
  try {
    const check = await checkRestartJourney(database);
    expect(check).toEqual({
      runs: CONTACTS,
      completed: CONTACTS,
      mismatched: 0,
      example: '',
      steps: check.expectedSteps,
      expectedSteps: check.expectedSteps,
      doubledSteps: 0,
      kernelTasks: check.expectedSends,
      doubledSends: 0,
      expectedSends: CONTACTS - Math.floor((CONTACTS + 1) / 3), // g % 3 = 2 is bronze
      tasksWithoutStep: 0,
      stepsWithoutTask: 0,
    });
  } finally {
    await database.close();
  }
}, 600_000); // three Node processes each opening the database, on a shared machine
