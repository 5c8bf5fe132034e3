import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// read-excel-file parsed a sheet's XML one chunk per stack frame: a 200,000-row contact sheet overflowed
// the stack ("file parsing failed"). patches/read-excel-file+9.3.17.patch makes it a loop. This reads
// a 30,000-row sheet with the import worker's own parser in a Node given a small stack (250 KB), where
// the unpatched parser fails the same way.

const ROWS = 60_000;
let dir = '';
let file = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'herald-xlsx-depth-'));
  file = path.join(dir, 'contacts.xlsx');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = book.addWorksheet('Contacts');
  sheet.addRow(['email', 'phone', 'first name']).commit();
  for (let i = 0; i < ROWS; i++)
    sheet.addRow([`p${i}@example.com`, `+1415${String(i).padStart(7, '0')}`, `P${i}`]).commit();
  await sheet.commit();
  await book.commit();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a large xlsx contact file', () => {
  it('is read whole, however many chunks its sheet takes', () => {
    const reader = path.resolve(__dirname, 'testing/read-contact-file.ts');
    const out = execFileSync(process.execPath, ['--stack-size=250', '--import', 'tsx', reader, file], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({
      rows: ROWS + 1,
      last: [`p${ROWS - 1}@example.com`, `+1415${String(ROWS - 1).padStart(7, '0')}`, `P${ROWS - 1}`],
    });
  }, 150_000);
});
