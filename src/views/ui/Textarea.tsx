import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: string;
  /** Already translated error text. */
  error?: string;
  hint?: ReactNode;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, hint, onValueChange, className, rows = 4, ref, ...rest }: TextareaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea ref={ref} rows={rows} {...control} onChange={(e) => onValueChange(e.target.value)} {...rest} />
      )}
    </FieldFrame>
  );
}
