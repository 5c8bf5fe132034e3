import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** the control's border and focus look, red when the field has an error */
  className: string;
}

/** A labelled field: the label, the control (given its ids and look), then the error or the hint. */
export function FieldFrame({
  label,
  error,
  hint,
  counter,
  className = '',
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A live length counter ("1204 / 1000"): the field keeps what was typed or pasted, and says when it is too long. */
  counter?: { count: number; max: number };
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby':
          [error ? `${id}-error` : hint ? `${id}-hint` : '', counter ? `${id}-counter` : '']
            .filter(Boolean)
            .join(' ') || undefined,
        className: `w-full rounded-[var(--radius-herald)] border bg-white px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 ${error ? 'border-red-400' : 'border-slate-300'}`,
      })}
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-600" role="alert">
            {error}
          </p>
        ) : hint ? (
          <div id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </div>
        ) : (
          <span />
        )}
        {counter && (
          <span
            id={`${id}-counter`}
            data-testid="field-counter"
            className={`mt-1 shrink-0 text-xs tabular-nums ${counter.count > counter.max ? 'font-medium text-red-600' : 'text-slate-500'}`}
          >
            {counter.count} / {counter.max}
          </span>
        )}
      </div>
    </div>
  );
}
