import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

// The embedded database takes turns with the event loop (docs/decisions.md "The embedded database takes
// turns"): a loop of statements, as an import or a delivery runs them, lets timers and requests in
// between its statements instead of holding them until the loop ends.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await database.exec('CREATE TABLE turns (n int)');
}, 120_000);
afterAll(() => database.close());

/** Runs statements through `run` until a timer set before the loop has fired (or 5 s pass). */
async function statementsBeforeTimer(run: (n: number) => Promise<unknown>): Promise<{ fired: boolean; n: number }> {
  let fired = false;
  setTimeout(() => (fired = true), 1);
  const started = performance.now();
  let n = 0;
  while (!fired && performance.now() - started < 5_000) await run(n++);
  return { fired, n };
}

describe('the embedded database and the event loop', () => {
  it('lets a timer run between raw statements', async () => {
    const { fired } = await statementsBeforeTimer((n) => database.query('INSERT INTO turns VALUES ($1)', [n]));
    expect(fired).toBe(true);
  });

  it('lets a timer run between drizzle statements and transactions', async () => {
    const { fired } = await statementsBeforeTimer((n) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO turns VALUES (${n})`);
      }),
    );
    expect(fired).toBe(true);
  });

  it('keeps the statements in order', async () => {
    await database.exec('DELETE FROM turns');
    await Promise.all(Array.from({ length: 50 }, (_, n) => database.query('INSERT INTO turns VALUES ($1)', [n])));
    const { rows } = await database.query<{ n: number }>('SELECT n FROM turns');
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });
});
