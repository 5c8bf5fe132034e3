import { clear, createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import type { SendDraft } from '../../../machines/sms-send.machine';
import { blobsText, textBlobs } from '../../../workers/text-pieces';
import { TEMPLATE_DRAFT_PREFIX } from '../templates/template-draft';

// The send wizard's draft (issue 18 §7): the form and a pasted list of up to 100,000 numbers survive
// a reload or a Back and forth in this tab. A chosen file cannot be re-read without the user picking
// it again. The form is small and kept in sessionStorage. The pasted text (1.3 MB for 100,000) is
// kept in IndexedDB as a Blob encoded a piece per task: a sessionStorage write of it held the page
// 80-250 ms, and encoding it whole 30-60 ms (issue 22). Writes are done one after the other.
// Its key names this tab (a tab id kept in sessionStorage) and the time of the write, so a text a
// closed tab left is swept a day later.

const DRAFT_PREFIX = 'herald.smsSendDraft';
const key = (userId: string | number) => `${DRAFT_PREFIX}.${userId}`;
/**
 * The text as it was when the page went away (pagehide): written to sessionStorage at once, because an
 * IndexedDB write started while the page unloads may never commit. The page is leaving, so its cost is
 * not felt; a later write in the page drops it.
 */
const leftTextKey = (userId: string | number) => `${DRAFT_PREFIX}Text.${userId}`;
const TAB_KEY = 'herald.tabId';
const LEFT_TEXT_MS = 24 * 3_600_000;
/** A text not read by then is given up: the wizard opens without it rather than wait. */
const READ_TIMEOUT_MS = 2_000;

let textStore: UseStore | null = null;
const store = () => (textStore ??= createStore('herald-drafts', 'texts'));

function tabId(): string {
  let id = sessionStorage.getItem(TAB_KEY);
  if (!id) {
    id = Math.random().toString(36).slice(2, 10);
    sessionStorage.setItem(TAB_KEY, id);
  }
  return id;
}

/** `smsSend.<user>.<tab>.` then the write's time: the newest of this tab's keys is its text. */
const textPrefix = (userId: string | number) => `smsSend.${userId}.${tabId()}.`;
const savedAt = (textKey: string) => Number(textKey.slice(textKey.lastIndexOf('.') + 1));

/** The text this tab last wrote per account and its key, so an unchanged list is not written again. */
const written = new Map<string, { text: string; key: string | null }>();

async function readText(userId: string | number): Promise<{ text: string; key: string | null }> {
  const all = (await keys<IDBValidKey>(store())).filter((k): k is string => typeof k === 'string');
  const stale = all.filter((k) => Date.now() - savedAt(k) > LEFT_TEXT_MS);
  if (stale.length) void delMany(stale, store()).catch(() => undefined);
  const mine = all
    .filter((k) => k.startsWith(textPrefix(userId)) && !stale.includes(k))
    .sort((a, b) => savedAt(b) - savedAt(a));
  if (!mine.length) return { text: '', key: null };
  const parts = await get<Blob | Blob[]>(mine[0], store());
  return { text: parts ? await blobsText(parts) : '', key: mine[0] };
}

/** The draft this tab kept for the account, if any; a text that cannot be read is left out. */
export async function loadSendDraft(userId: string | number): Promise<SendDraft | undefined> {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(key(userId));
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  const timeout = new Promise<{ text: string; key: null }>((resolve) =>
    setTimeout(() => resolve({ text: '', key: null }), READ_TIMEOUT_MS),
  );
  const left = sessionStorage.getItem(leftTextKey(userId));
  const stored =
    left !== null
      ? { text: left, key: null }
      : await Promise.race([readText(userId), timeout]).catch(() => ({ text: '', key: null }));
  written.set(String(userId), stored);
  try {
    return { ...(JSON.parse(raw) as SendDraft), pasteText: stored.text };
  } catch {
    return undefined;
  }
}

/** The writes in order: a forgotten draft's delete never runs before an earlier put (but see leaving). */
let writes: Promise<unknown> = Promise.resolve();

/**
 * Writes the text under a new key, then drops the older one (a failed write keeps the older). When
 * the page is going away the text is encoded at once: there are no later tasks to spread it over.
 */
function writeText(userId: string | number, text: string, leaving: boolean): void {
  const id = String(userId);
  const previous = written.get(id)?.key ?? null;
  const next = text ? `${textPrefix(userId)}${Date.now()}` : null;
  written.set(id, { text, key: next });
  const write = async (parts: Blob[] | null) => {
    if (next) await set(next, parts ?? (await textBlobs(text)), store());
    if (previous && previous !== next) await del(previous, store());
  };
  if (leaving) {
    try {
      sessionStorage.setItem(leftTextKey(userId), text);
    } catch {
      sessionStorage.removeItem(leftTextKey(userId));
    }
    // also started now, not behind a write whose later pieces would never run
    void write(next ? [new Blob([text], { type: 'text/plain' })] : null).catch(() => undefined);
    return;
  }
  sessionStorage.removeItem(leftTextKey(userId));
  writes = writes.then(() => write(null)).catch(() => undefined);
}

/**
 * Saves the draft, or forgets it (null). A form over the storage quota is not kept. `leaving`: the
 * page is going away (pagehide), so the text is written at once.
 */
export function saveSendDraft(userId: string | number, draft: SendDraft | null, { leaving = false } = {}): void {
  const id = String(userId);
  try {
    if (!draft) {
      sessionStorage.removeItem(key(userId));
      sessionStorage.removeItem(leftTextKey(userId));
      if (written.get(id)?.key) writeText(userId, '', leaving);
      written.delete(id);
      return;
    }
    if (leaving || (written.get(id)?.text ?? '') !== draft.pasteText) writeText(userId, draft.pasteText, leaving);
    sessionStorage.setItem(key(userId), JSON.stringify({ ...draft, pasteText: '' }));
  } catch {
    sessionStorage.removeItem(key(userId));
  }
}

/**
 * Forgets every send draft this browser keeps (docs/decisions.md "Send drafts and sign-out"): the forms
 * and left texts of this tab, its template editors' drafts (templates/template-draft.ts), and every tab's pasted lists in IndexedDB. Run when the console is signed
 * out, so a shared computer keeps no one's recipients. The clear waits for the writes before it.
 */
export function forgetSendDrafts(): Promise<void> {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i -= 1) {
      const name = sessionStorage.key(i);
      if (name?.startsWith(DRAFT_PREFIX) || name?.startsWith(TEMPLATE_DRAFT_PREFIX)) sessionStorage.removeItem(name);
    }
  } catch {
    // storage refused (private windows): nothing was kept there
  }
  written.clear();
  writes = writes.then(() => clear(store())).catch(() => undefined);
  return writes.then(() => undefined);
}
