import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame } from './FieldFrame';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  /** Already translated error text. */
  error?: string;
  hint?: ReactNode;
  counter?: { count: number; max: number };
  onValueChange: (value: string) => void;
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  hint,
  counter,
  onValueChange,
  trailing,
  className,
  ...rest
}: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} counter={counter} className={className}>
      {(control) => (
        <div className="flex gap-2">
          <input {...control} onChange={(e) => onValueChange(e.target.value)} {...rest} />
          {trailing}
        </div>
      )}
    </FieldFrame>
  );
}
