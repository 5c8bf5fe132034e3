import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

// One process per PGlite data directory (database.ts claimDataDir): a live other owner is refused, and a
// closed database gives the directory back (a bench prepares it, closes it, then starts a server on it).
describe('the PGlite data directory claim', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'herald-claim-'));
    dirs.push(dir);
    return dir;
  };

  it('is named while open and released on close', async () => {
    const dataDir = freshDir();
    const database = await openDatabase({ dataDir });
    expect(readFileSync(path.join(dataDir, 'herald.pid'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(existsSync(path.join(dataDir, 'herald.pid'))).toBe(false);
  }, 120_000); // a fresh directory runs PGlite's initdb

  it('refuses a directory a live other process owns', async () => {
    const dataDir = freshDir();
    writeFileSync(path.join(dataDir, 'herald.pid'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
  });
});
