import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../gateway/contract/phone';
import {
  checkRecipientFile,
  parsePastedList,
  parseRecipientBytes,
  RecipientFileProblem,
  recipientPhones,
  recipientRows,
  RECIPIENT_FILE_MAX_BYTES,
} from './sms-recipients';

async function xlsx(rows: unknown[][]): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Recipients');
  for (const row of rows) sheet.addRow(row);
  const buffer = await book.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer).slice().buffer;
}

const text = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;
const anyPhone = { kind: 'phone', prefix: '' } as const;
const us = { kind: 'phone', prefix: '1' } as const;

describe('recipient lists', () => {
  it('splits a pasted list on newlines and commas, trims, drops empties', async () => {
    const list = await parsePastedList(' 8613800000001,8613800000002\n\n 8613800000003 ,, \r\n', anyPhone);
    expect(recipientPhones(list)).toEqual(['8613800000001', '8613800000002', '8613800000003']);
    expect(list.count).toBe(3);
  });

  it('counts malformed and repeated numbers, and cleans spaces and dashes', async () => {
    const list = await parsePastedList('+1 (415) 555-0100\nabc12\n+14155550100\n12', anyPhone);
    expect(recipientPhones(list)).toEqual(['+14155550100', 'abc12', '+14155550100', '12']);
    expect(list.invalid).toBe(2);
    expect(list.duplicates).toBe(1);
    expect(list.sample).toEqual(['+14155550100', 'abc12', '+14155550100']);
  });

  it("counts by the server's phone rule for the chosen country (one rule, issue 22 §4)", async () => {
    // national, international with + and 00, the same number three ways, and one of another country
    const list = await parsePastedList('4155550100\n+1 415 555 0100\n0014155550100\n+44 7700 900123\n14155550101', us);
    expect(list.count).toBe(5);
    expect(list.invalid).toBe(1);
    expect(list.duplicates).toBe(2);
    expect(normalizePhone('+44 7700 900123', '1')).toBeNull();
  });

  it('takes e-mail addresses by their own rule, repeated regardless of case', async () => {
    const list = await parsePastedList('Email\nann@example.com\nANN@example.com, bob@\n', { kind: 'email' });
    expect(list.skippedHeader).toBe(true);
    expect([list.count, list.invalid, list.duplicates]).toEqual([3, 1, 1]);
  });

  it('reads a txt file with one number per line and optional values', async () => {
    const list = await parseRecipientBytes(
      'txt',
      text('\uFEFFphone,name\r\n447700900001,Ann\n447700900002\tBob\n\n'),
      anyPhone,
    );
    expect(list.skippedHeader).toBe(true);
    expect(list.columns).toBe(2);
    expect(recipientRows(list, 1)).toEqual([
      ['447700900001', 'Ann'],
      ['447700900002', 'Bob'],
    ]);
    expect(recipientRows(list, 2)[0]).toEqual(['447700900001', 'Ann', '']);
  });

  it('reads the first sheet of an xlsx, numbers without exponent', async () => {
    const bytes = await xlsx([
      ['Phone', 'Code'],
      [8613800000001, '1234'],
      ['8613800000002', 5678],
      [null],
      ['  8613800000003 '],
    ]);
    const progress: number[] = [];
    const list = await parseRecipientBytes('xlsx', bytes, anyPhone, (r) => progress.push(r));
    expect(recipientRows(list, 1)).toEqual([
      ['8613800000001', '1234'],
      ['8613800000002', '5678'],
      ['8613800000003', ''],
    ]);
    expect(list.invalid).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('parses 100,000 rows with progress along the way', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `4477009${String(i).padStart(5, '0')}`).join('\n');
    const progress: number[] = [];
    const list = await parseRecipientBytes('txt', text(rows), anyPhone, (r) => progress.push(r));
    expect(list.count).toBe(100_000);
    expect(list.duplicates).toBe(0);
    expect(progress.length).toBeGreaterThan(5);
  });

  it('refuses an empty file, a broken xlsx, a wrong type and a file of 10 MB or more', async () => {
    await expect(parseRecipientBytes('txt', text('\n\n'), anyPhone)).rejects.toEqual(
      new RecipientFileProblem('fileEmpty'),
    );
    await expect(parseRecipientBytes('xlsx', text('not a zip'), anyPhone)).rejects.toEqual(
      new RecipientFileProblem('fileParseFailed'),
    );
    expect(checkRecipientFile({ name: 'list.csv', size: 10 })).toBe('fileType');
    expect(checkRecipientFile({ name: 'list.xlsx', size: RECIPIENT_FILE_MAX_BYTES })).toBe('fileTooLarge');
    expect(checkRecipientFile({ name: 'LIST.TXT', size: 10 })).toBeNull();
  });
});
