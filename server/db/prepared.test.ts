import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

// Database.prepared on PGlite: PREPARE once, EXECUTE with literals. The literals must carry any
// string unchanged (quotes, backslashes, unicode) and refuse what they cannot carry.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
}, 120_000);
afterAll(() => database.close());

const echo = (value: string | number | Date | null) =>
  database.prepared<{ v: unknown }>('test_echo', 'SELECT $1::text AS v', [value]);

describe('Database.prepared (PGlite)', () => {
  it.each(['plain', "it's", "back\\slash \\' \\\\", "'); DROP TABLE users; --", '日本語 ✓', '$1 $$ $tag$', ''])(
    'carries %j unchanged',
    async (value) => {
      expect(await echo(value)).toEqual([{ v: value }]);
    },
  );

  it('carries numbers, dates and null', async () => {
    expect((await echo(42))[0].v).toBe('42');
    expect((await echo(null))[0].v).toBeNull();
    const at = new Date('2030-01-02T03:04:05.678Z');
    const [row] = await database.prepared<{ v: Date }>('test_time', 'SELECT $1::timestamptz AS v', [at]);
    expect(row.v.getTime()).toBe(at.getTime());
  });

  it('refuses NUL, non-finite numbers and odd statement names', async () => {
    await expect(echo('a\0b')).rejects.toThrow(/NUL/);
    await expect(echo(Number.NaN)).rejects.toThrow(/non-finite/);
    await expect(database.prepared('bad name; DROP', 'SELECT 1', [])).rejects.toThrow(/statement name/);
  });

  it('prepares again when the session lost its statements', async () => {
    expect(await echo('before')).toEqual([{ v: 'before' }]);
    await database.exec('DEALLOCATE ALL');
    expect(await echo('after')).toEqual([{ v: 'after' }]);
  });

  it('returns no rows as an empty list', async () => {
    expect(await database.prepared('test_none', 'SELECT 1 AS v WHERE $1::text = $2::text', ['a', 'b'])).toEqual([]);
  });
});
