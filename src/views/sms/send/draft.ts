import type { SendDraft } from '../../../machines/sms-send.machine';

// The send wizard's draft in sessionStorage (issue 18 §7): the form and a pasted list of up to
// 100,000 numbers (about 1.3 M characters, well inside the ~5 M a tab may keep) survive a reload or
// a Back and forth in this tab. A chosen file cannot be re-read without the user picking it again.
// The pasted text has a key of its own and is written only when it changed: a 1.3 MB write takes
// the main thread a few hundred ms, and typing a campaign name must not pay it (issue 22 §2).

const key = (userId: string | number) => `herald.smsSendDraft.${userId}`;
const textKey = (userId: string | number) => `${key(userId)}.text`;

/** The text this tab last wrote per account, so an unchanged list is not written again. */
const written = new Map<string, string>();

export function loadSendDraft(userId: string | number): SendDraft | undefined {
  try {
    const raw = sessionStorage.getItem(key(userId));
    if (!raw) return undefined;
    const pasteText = sessionStorage.getItem(textKey(userId)) ?? '';
    written.set(String(userId), pasteText);
    return { ...(JSON.parse(raw) as SendDraft), pasteText };
  } catch {
    return undefined;
  }
}

/** Saves the draft, or forgets it (null). A draft over the storage quota is not kept. */
export function saveSendDraft(userId: string | number, draft: SendDraft | null): void {
  const id = String(userId);
  try {
    if (!draft) {
      sessionStorage.removeItem(key(userId));
      sessionStorage.removeItem(textKey(userId));
      written.delete(id);
      return;
    }
    if (written.get(id) !== draft.pasteText) {
      sessionStorage.setItem(textKey(userId), draft.pasteText);
      written.set(id, draft.pasteText);
    }
    sessionStorage.setItem(key(userId), JSON.stringify({ ...draft, pasteText: '' }));
  } catch {
    sessionStorage.removeItem(key(userId));
    sessionStorage.removeItem(textKey(userId));
    written.delete(id);
  }
}
