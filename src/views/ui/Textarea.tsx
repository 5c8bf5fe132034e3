import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: string;
  /** Already translated error text. */
  error?: string;
  hint?: ReactNode;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, hint, onValueChange, className = '', rows = 4, ref, ...rest }: TextareaProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValueChange(e.target.value)}
        className={`w-full rounded-[var(--radius-herald)] border bg-white px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 ${error ? 'border-red-400' : 'border-slate-300'}`}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" role="alert">
          {error}
        </p>
      ) : hint ? (
        <div id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
