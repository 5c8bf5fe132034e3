import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: string;
  /** Already translated error text. */
  error?: string;
  hint?: ReactNode;
  counter?: { count: number; max: number };
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({
  label,
  error,
  hint,
  counter,
  onValueChange,
  className,
  rows = 4,
  ref,
  ...rest
}: TextareaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} counter={counter} className={className}>
      {(control) => (
        <textarea ref={ref} rows={rows} {...control} onChange={(e) => onValueChange(e.target.value)} {...rest} />
      )}
    </FieldFrame>
  );
}
