import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons row at the bottom of the panel. */
  footer?: ReactNode;
  children?: ReactNode;
  size?: keyof typeof widths;
  /** Spec 000 §4 (welcome dialog): some dialogs must not close on a backdrop click. */
  dismissible?: boolean;
  testId?: string;
}

/**
 * A modal on Headless UI's Dialog: focus trapped, Escape closes (when dismissible), title and
 * description wired to aria-labelledby/-describedby. STACK.md: the dialog root box is 0x0, so tests
 * assert on what is inside the panel (data-testid on the panel).
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  footer,
  children,
  size = 'md',
  dismissible = true,
  testId,
}: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={dismissible ? onClose : () => undefined} className="relative z-40">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          data-testid={testId}
          className={`w-full ${widths[size]} rounded-[var(--radius-herald)] bg-white p-6 shadow-xl`}
        >
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  danger?: boolean;
  busy?: boolean;
  /** Why the last attempt failed (the dialog stays open; confirming again retries). */
  error?: ReactNode;
}

/** A yes/no question before an action that cannot be undone (delete, cancel a task). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  danger = false,
  busy = false,
  error,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size="sm"
      testId="confirm-dialog"
      children={
        error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
