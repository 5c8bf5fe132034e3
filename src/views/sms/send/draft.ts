import type { SendDraft } from '../../../machines/sms-send.machine';

// The send wizard's draft in sessionStorage (issue 18 §7): the form and a pasted list of up to
// 100,000 numbers (about 1.3 M characters, well inside the ~5 M a tab may keep) survive a reload or
// a Back and forth in this tab. A chosen file cannot be re-read without the user picking it again.

const key = (userId: string | number) => `herald.smsSendDraft.${userId}`;

export function loadSendDraft(userId: string | number): SendDraft | undefined {
  try {
    const raw = sessionStorage.getItem(key(userId));
    return raw ? (JSON.parse(raw) as SendDraft) : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the draft, or forgets it (null). A draft over the storage quota is not kept. */
export function saveSendDraft(userId: string | number, draft: SendDraft | null): void {
  try {
    if (draft) sessionStorage.setItem(key(userId), JSON.stringify(draft));
    else sessionStorage.removeItem(key(userId));
  } catch {
    sessionStorage.removeItem(key(userId));
  }
}
