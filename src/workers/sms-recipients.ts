import { splitPastedList } from '../gateway/contract/validators';
import { recipientRule, type RecipientCheck, type RecipientRule } from './recipient-rules';

// Recipient lists for the send wizards (spec 001 §5): a pasted list, or an xlsx/txt file under 10 MB
// with one recipient per line (then one column per template variable), up to 100,000 rows recommended.
// Both are parsed in a Web Worker (sms-recipients.worker.ts), once per change, never on the main
// thread (issue 22); everything here is pure so it is tested in Node and the worker is only a wrapper.
// What a valid recipient is comes from the kind's rule (recipient-rules.ts).

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
  /** Rows whose recipient is not one by the kind's rule: the server counts them invalid too. */
  invalid: number;
  /** Rows whose recipient was already listed: the server sends to each once. */
  duplicates: number;
  /** A first row like "phone" was taken for a header and left out. */
  skippedHeader: boolean;
  /** The first few recipients as sent, for the box to show what was understood. */
  sample: string[];
}

/** Recipients that will be sent to: neither invalid nor repeated. */
export const validRecipients = (list: Pick<RecipientList, 'count' | 'invalid' | 'duplicates'>) =>
  list.count - list.invalid - list.duplicates;

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

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

type Progress = (ratio: number) => void;
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const SAMPLE_SIZE = 3;

/** Accumulates rows into a RecipientList; shared by the pasted list and files, for every kind. */
class ListBuilder {
  private lines: string[] = [];
  private seen = new Set<string>();
  private invalid = 0;
  private duplicates = 0;
  private columns = 0;
  private skippedHeader = false;

  constructor(private readonly rule: RecipientRule) {}

  add(row: readonly unknown[]) {
    const cells = row.map(cellText);
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0 || cells[0] === '') return;
    const recipient = this.rule.clean(cells[0]);
    if (this.lines.length === 0 && !this.skippedHeader && this.rule.isHeader(recipient)) {
      this.skippedHeader = true;
      return;
    }
    cells[0] = recipient;
    const key = this.rule.key(recipient);
    if (key === null) this.invalid++;
    else if (this.seen.has(key)) this.duplicates++;
    else this.seen.add(key);
    this.columns = Math.max(this.columns, cells.length);
    this.lines.push(cells.map((c) => c.replaceAll(CELL_SEPARATOR, ' ').replaceAll('\n', ' ')).join(CELL_SEPARATOR));
  }

  finish(): RecipientList {
    const { lines, columns, invalid, duplicates, skippedHeader } = this;
    const sample = lines.slice(0, SAMPLE_SIZE).map((line) => line.split(CELL_SEPARATOR, 1)[0]);
    return { text: lines.join('\n'), count: lines.length, columns, invalid, duplicates, skippedHeader, sample };
  }
}

/** Builds the list from rows of cells; yields every PROGRESS_EVERY rows so progress can be posted. */
export async function buildRecipientList(
  rows: readonly (readonly unknown[])[],
  check: RecipientCheck,
  onProgress?: Progress,
): Promise<RecipientList> {
  const builder = new ListBuilder(recipientRule(check));
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

/** The pasted list: split by newline or comma, trimmed, empties dropped (spec 001 §5). */
export function parsePastedList(text: string, check: RecipientCheck, onProgress?: Progress): Promise<RecipientList> {
  return buildRecipientList(
    splitPastedList(text).map((item) => [item]),
    check,
    onProgress,
  );
}

/** Parses file bytes. The xlsx reader is loaded only when an xlsx comes. */
export async function parseRecipientBytes(
  kind: RecipientFileKind,
  bytes: ArrayBuffer,
  check: RecipientCheck,
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
  const list = await buildRecipientList(rows, check, onProgress && ((ratio) => onProgress(0.5 + ratio / 2)));
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
