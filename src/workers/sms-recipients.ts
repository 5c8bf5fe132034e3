import { splitPastedList } from '../gateway/contract/validators';

// Recipient lists for the send wizard (spec 001 §5): a pasted list, or an xlsx/txt file under 10 MB
// with one number per line (then one column per template variable), up to 100,000 rows recommended.
// The file is parsed in a Web Worker (sms-recipients.worker.ts); everything here is pure so it is
// tested in Node and the worker is only a wrapper.

/** Spec 000 §9: max file 10 MB (10,485,760 bytes). */
export const RECIPIENT_FILE_MAX_BYTES = 10_485_760;
/** Spec 001 §5: recommended maximum 100,000 rows for SMS. */
export const RECOMMENDED_MAX_RECIPIENTS = 100_000;
/** Rows between two progress reports (and two yields of the worker's loop). */
const PROGRESS_EVERY = 10_000;

/** Cells of one row are joined with this (no one types it); rows with a newline. */
export const CELL_SEPARATOR = '\u001f';

/**
 * A parsed list, kept as one string: a single string crosses from the worker to the page in one
 * cheap copy, where 100,000 little arrays would block the main thread while they are cloned.
 */
export interface RecipientList {
  /** One recipient per line, phone first, then the variable values, joined by CELL_SEPARATOR. */
  text: string;
  /** Rows with a phone cell. */
  count: number;
  /** The most cells in a row (1 for a plain list). */
  columns: number;
  /** Rows whose phone cannot be a number: the server counts them invalid too. */
  invalid: number;
  /** Rows whose phone was already listed: the server sends each number once. */
  duplicates: number;
  /** A first row like "phone" was taken for a header and left out. */
  skippedHeader: boolean;
}

export type RecipientFileKind = 'xlsx' | 'txt';
export type RecipientFileError = 'fileType' | 'fileTooLarge' | 'fileEmpty' | 'fileParseFailed';

export class RecipientFileProblem extends Error {
  constructor(readonly code: RecipientFileError) {
    super(code);
    this.name = 'RecipientFileProblem';
  }
}

export function recipientFileKind(name: string): RecipientFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.txt')) return 'txt';
  return null;
}

/** Checks done before any reading: type and size. */
export function checkRecipientFile(file: { name: string; size: number }): RecipientFileError | null {
  if (!recipientFileKind(file.name)) return 'fileType';
  if (file.size >= RECIPIENT_FILE_MAX_BYTES) return 'fileTooLarge';
  if (file.size === 0) return 'fileEmpty';
  return null;
}

/** Spaces, dashes, dots and brackets people type in numbers; a leading + or 00 is kept. */
export function cleanPhone(raw: string): string {
  return raw.replace(/[\s\-().]/g, '');
}

const PHONE_LIKE = /^\+?\d{4,20}$/;
const HEADER_LIKE = /\p{L}/u;

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

type Progress = (ratio: number) => void;
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Accumulates rows into a RecipientList; shared by the pasted list (at once) and files (in steps). */
class ListBuilder {
  private lines: string[] = [];
  private seen = new Set<string>();
  private invalid = 0;
  private duplicates = 0;
  private columns = 0;
  private skippedHeader = false;

  add(row: readonly unknown[]) {
    const cells = row.map(cellText);
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0 || cells[0] === '') return;
    const phone = cleanPhone(cells[0]);
    if (this.lines.length === 0 && !this.skippedHeader && HEADER_LIKE.test(phone)) {
      this.skippedHeader = true;
      return;
    }
    cells[0] = phone;
    if (!PHONE_LIKE.test(phone)) this.invalid++;
    else if (this.seen.has(phone)) this.duplicates++;
    else this.seen.add(phone);
    this.columns = Math.max(this.columns, cells.length);
    this.lines.push(cells.map((c) => c.replaceAll(CELL_SEPARATOR, ' ').replaceAll('\n', ' ')).join(CELL_SEPARATOR));
  }

  finish(): RecipientList {
    const { lines, columns, invalid, duplicates, skippedHeader } = this;
    return { text: lines.join('\n'), count: lines.length, columns, invalid, duplicates, skippedHeader };
  }
}

/** Builds the list from rows of cells; yields every PROGRESS_EVERY rows so progress can be posted. */
export async function buildRecipientList(
  rows: readonly (readonly unknown[])[],
  onProgress?: Progress,
): Promise<RecipientList> {
  const builder = new ListBuilder();
  for (let i = 0; i < rows.length; i++) {
    builder.add(rows[i]);
    if (onProgress && i % PROGRESS_EVERY === PROGRESS_EVERY - 1) {
      onProgress(i / rows.length);
      await tick();
    }
  }
  onProgress?.(1);
  return builder.finish();
}

/** A txt file: one recipient per line; values for variables may follow after a tab or a comma. */
export function txtRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n|\r/)
    .map((line) => line.split(/[\t,]/).map((cell) => cell.trim()));
}

let lastPasted: { text: string; list: RecipientList } | null = null;

/** The pasted list: split by newline or comma, trimmed, empties dropped (spec 001 §5). The last
 * answer is kept: the form, the preview and the summary all ask for the same text in one render. */
export function pastedRecipients(text: string): RecipientList {
  if (lastPasted?.text === text) return lastPasted.list;
  const builder = new ListBuilder();
  for (const item of splitPastedList(text)) builder.add([item]);
  lastPasted = { text, list: builder.finish() };
  return lastPasted.list;
}

/** Parses file bytes. The xlsx reader is loaded only when an xlsx comes. */
export async function parseRecipientBytes(
  kind: RecipientFileKind,
  bytes: ArrayBuffer,
  onProgress?: Progress,
): Promise<RecipientList> {
  let rows: unknown[][];
  try {
    if (kind === 'txt') {
      rows = txtRows(new TextDecoder('utf-8').decode(bytes));
    } else {
      onProgress?.(0.05);
      // The web-worker build reads in the calling thread (no nested workers): we are in one already.
      const { readSheet } = await import('read-excel-file/web-worker');
      rows = (await readSheet(bytes)) as unknown[][];
    }
  } catch {
    throw new RecipientFileProblem('fileParseFailed');
  }
  onProgress?.(0.5);
  const list = await buildRecipientList(rows, onProgress && ((ratio) => onProgress(0.5 + ratio / 2)));
  if (list.count === 0) throw new RecipientFileProblem('fileEmpty');
  return list;
}

/** The first row only, without splitting a 100,000-line string. */
export function firstRecipientLine(list: Pick<RecipientList, 'text'>): string {
  const end = list.text.indexOf('\n');
  return end < 0 ? list.text : list.text.slice(0, end);
}

export function recipientPhones(list: Pick<RecipientList, 'text'>): string[] {
  return list.text === '' ? [] : list.text.split('\n').map((line) => line.split(CELL_SEPARATOR, 1)[0]);
}

/** Rows [phone, value of {{1}}, …] padded or cut to the template's variables. */
export function recipientRows(list: Pick<RecipientList, 'text'>, variableCount: number): string[][] {
  if (list.text === '') return [];
  return list.text.split('\n').map((line) => {
    const cells = line.split(CELL_SEPARATOR);
    return Array.from({ length: variableCount + 1 }, (_, i) => cells[i] ?? '');
  });
}
