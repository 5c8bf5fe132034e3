// A template editor's draft (issue 18 §7, as the send wizard's): the fields survive a reload or a Back
// and forth in this tab. Kept in sessionStorage under the account and the template ('new' for a new
// one), so the next account in this browser never sees it; a sign-out forgets every one
// (forgetSendDrafts, common/send/draft.ts). The fields are small: written as they change.

export const TEMPLATE_DRAFT_PREFIX = 'herald.templateDraft';

const draftKey = (editor: string, userId: string | number, templateId: string | null) =>
  `${TEMPLATE_DRAFT_PREFIX}.${editor}.${userId}.${templateId ?? 'new'}`;

/** The draft this tab kept for this editor, account and template, if any. */
export function loadTemplateDraft<T>(editor: string, userId: string | number, templateId: string | null): T | null {
  try {
    const raw = sessionStorage.getItem(draftKey(editor, userId, templateId));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Keeps the draft, or forgets it (null): saved, or left on purpose. A draft over the quota is not kept. */
export function saveTemplateDraft<T>(
  editor: string,
  userId: string | number,
  templateId: string | null,
  draft: T | null,
): void {
  const key = draftKey(editor, userId, templateId);
  try {
    if (draft === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    sessionStorage.removeItem(key);
  }
}
