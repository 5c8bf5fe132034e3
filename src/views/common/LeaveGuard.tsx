import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../ui/Dialog';

// Warns before a form with unsaved work is left (issue 18 §7): a reload or a closed tab through the
// browser's own beforeunload prompt, a link inside the console through a dialog. Browser Back cannot
// be held; the wizard that uses this keeps a draft for that case.

/** The in-console link a click would follow, or null (new tab, download, another site, same page). */
function followedLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download'))
    return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  const path = url.pathname + url.search;
  return path === location.pathname + location.search ? null : path;
}

/** While `dirty`, asks before leaving; `onLeave` runs when the user chooses to leave (drop a draft). */
export function LeaveGuard({ dirty, onLeave }: { dirty: boolean; onLeave?: () => void }) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const path = followedLink(event);
      if (!path) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(path);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);

  return (
    <LeaveConfirmDialog
      open={pending !== null}
      onLeave={() => {
        const path = pending;
        setPending(null);
        onLeave?.();
        if (path) navigate(path);
      }}
      onStay={() => setPending(null)}
    />
  );
}

/** "Leave without saving?": the guard's question, and a page's own Cancel button asks the same. */
export function LeaveConfirmDialog({
  open,
  onLeave,
  onStay,
}: {
  open: boolean;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <ConfirmDialog
      open={open}
      title={t('leave.title')}
      description={t('leave.body')}
      confirmLabel={t('leave.confirm')}
      danger
      onConfirm={onLeave}
      onClose={onStay}
    />
  );
}
