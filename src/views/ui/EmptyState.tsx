import type { ReactNode } from 'react';

/** What a list or page shows when there is nothing yet, with the next step as its action. */
export function EmptyState({
  title,
  description,
  action,
  testId = 'empty-state',
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div data-testid={testId} className="flex flex-col items-center justify-center gap-2 px-4 py-12 text-center">
      <svg
        aria-hidden
        className="h-10 w-10 text-slate-300"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z" />
        <path d="m3 7.5 9 4.5 9-4.5M12 12v9" />
      </svg>
      <p className="text-sm font-medium text-slate-700">{title}</p>
      {description && <p className="max-w-md text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

/** A load that failed, with a way to try again. */
export function ErrorState({
  message,
  onRetry,
  retryLabel,
}: {
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-red-700">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="rounded px-2 py-1 font-medium underline hover:bg-red-50" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
