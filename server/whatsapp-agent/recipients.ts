import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { normalizePhone } from '../../src/gateway/contract/phone';

// Recipients of an agent campaign (spec 001 §5: up to 600,000, one number a line, pasted lists split by
// newline or comma). The request's text is walked in place, item after item, never split into an array
// of 600,000 strings: only the current chunk of normalized numbers is held besides the text itself, and
// repeats are dropped by the table's unique (task_id, phone) index while inserting, not by a Set.

const ITEM = /[^\n\r,]+/g;
/** After a tab or the console's cell separator (U+001F) come a file row's other cells: not the number. */
const CELL_ENDS = ['\t', '\u001f'];
function firstCell(item: string): string {
  let end = item.length;
  for (const mark of CELL_ENDS) {
    const at = item.indexOf(mark);
    if (at >= 0 && at < end) end = at;
  }
  return item.slice(0, end).trim();
}
const INSERT_CHUNK = 20_000;

/** Non-empty items of the text (the limit is checked before anything is stored). */
export function countRecipientItems(text: string): number {
  let count = 0;
  for (const match of text.matchAll(ITEM)) if (match[0].trim() !== '') count++;
  return count;
}

export interface StoredRecipients {
  stored: number;
  invalid: number;
  duplicates: number;
}

/** Stores the valid numbers of `text` under the task (inside the create transaction). */
export async function storeRecipients(
  tx: Db,
  taskRowId: number,
  text: string,
  prefix: string,
): Promise<StoredRecipients> {
  let invalid = 0;
  let valid = 0;
  let stored = 0;
  let chunk: string[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const [{ inserted }] = await rowsOf<{ inserted: number }>(
      tx,
      sql`WITH added AS (
        INSERT INTO wa_agent_recipients (task_id, seq, phone)
        SELECT ${taskRowId}, ${valid - chunk.length} + u.ord - 1, u.phone
        FROM unnest(${sql.param(chunk)}::text[]) WITH ORDINALITY AS u(phone, ord)
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT count(*)::int AS inserted FROM added`,
    );
    // seq is the number's place among the valid ones (gaps where a repeat was dropped): never reused.
    stored += Number(inserted);
    chunk = [];
  };
  for (const match of text.matchAll(ITEM)) {
    const item = firstCell(match[0]);
    if (item === '') continue;
    const phone = normalizePhone(item, prefix);
    if (phone === null) {
      invalid++;
      continue;
    }
    valid++;
    chunk.push(phone);
    if (chunk.length >= INSERT_CHUNK) await flush();
  }
  await flush();
  return { stored, invalid, duplicates: valid - stored };
}
