import {
  Combobox as HeadlessCombobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
} from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
  /** extra text under the label (a prefix, an offset) */
  hint?: string;
  disabled?: boolean;
}

interface BaseProps<V extends string | number> {
  label: string;
  options: SelectOption<V>[];
  placeholder?: string;
  /** Already translated error text. */
  error?: string;
  disabled?: boolean;
  className?: string;
  testId?: string;
  /** Show the label to screen readers only (toolbars). */
  hideLabel?: boolean;
}

const control =
  'flex w-full items-center justify-between gap-2 rounded-[var(--radius-herald)] border bg-white px-3 py-2 text-left text-sm outline-none focus:ring-2 focus:ring-brand-500 data-[disabled]:cursor-not-allowed data-[disabled]:bg-slate-50';
const list =
  'z-50 max-h-64 w-[var(--button-width)] min-w-40 overflow-auto rounded-[var(--radius-herald)] border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible';
const item =
  'flex cursor-pointer flex-col px-3 py-1.5 data-[focus]:bg-brand-50 data-[selected]:font-medium data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

function Chevron() {
  return (
    <svg aria-hidden className="h-4 w-4 shrink-0 text-slate-400" viewBox="0 0 20 20" fill="currentColor">
      <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
    </svg>
  );
}

function FieldLabel({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  return <Label className={hidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}>{children}</Label>;
}

function FieldError({ error }: { error?: string }) {
  return error ? (
    <p className="mt-1 text-xs text-red-600" role="alert">
      {error}
    </p>
  ) : null;
}

/** A single choice from a short list (Headless UI Listbox: arrow keys, type-ahead, Escape). */
export function Select<V extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder,
  error,
  disabled,
  className = '',
  testId,
  hideLabel,
}: BaseProps<V> & { value: V | null; onChange: (value: V) => void }) {
  const selected = options.find((option) => option.value === value);
  return (
    <Field disabled={disabled} className={className}>
      <FieldLabel hidden={hideLabel}>{label}</FieldLabel>
      <Listbox value={value} onChange={(next: V | null) => next !== null && onChange(next)}>
        <ListboxButton
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          className={`${control} ${error ? 'border-red-400' : 'border-slate-300'}`}
        >
          <span className={`truncate ${selected ? '' : 'text-slate-400'}`}>
            {selected?.label ?? placeholder ?? '—'}
          </span>
          <Chevron />
        </ListboxButton>
        <ListboxOptions anchor="bottom start" className={list}>
          {options.map((option) => (
            <ListboxOption key={String(option.value)} value={option.value} disabled={option.disabled} className={item}>
              <span>{option.label}</span>
              {option.hint && <span className="text-xs text-slate-500">{option.hint}</span>}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <FieldError error={error} />
    </Field>
  );
}

/**
 * A single choice from a long list, typed to filter (countries, time zones). Matches the label and
 * the hint, case-insensitively; at most `limit` matches are rendered to keep typing fast.
 */
export function Combobox<V extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder,
  error,
  disabled,
  className = '',
  testId,
  hideLabel,
  noMatches,
  limit = 100,
  onQueryChange,
}: BaseProps<V> & {
  value: V | null;
  onChange: (value: V) => void;
  noMatches: string;
  limit?: number;
  /** What is typed, for a list searched on the server as one types (the options are then its answer). */
  onQueryChange?: (query: string) => void;
}) {
  const { t } = useTranslation('common');
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const matches = (
    needle
      ? options.filter(
          (o) =>
            o.label.toLowerCase().includes(needle) ||
            o.hint?.toLowerCase().includes(needle) ||
            String(o.value).toLowerCase() === needle,
        )
      : options
  ).slice(0, limit);
  return (
    <Field disabled={disabled} className={className}>
      <FieldLabel hidden={hideLabel}>{label}</FieldLabel>
      <HeadlessCombobox
        // The list opens on focus or click, not only once something is typed (issue 18 §11).
        immediate
        value={value}
        onChange={(next: V | null) => next !== null && onChange(next)}
        onClose={() => {
          setQuery('');
          onQueryChange?.('');
        }}
      >
        <div
          className={`flex w-full items-center rounded-[var(--radius-herald)] border bg-white text-sm focus-within:ring-2 focus-within:ring-brand-500 ${error ? 'border-red-400' : 'border-slate-300'}`}
        >
          <ComboboxInput
            data-testid={testId}
            aria-invalid={error ? true : undefined}
            placeholder={placeholder}
            className="w-full bg-transparent px-3 py-2 outline-none"
            displayValue={(current: V | null) => options.find((o) => o.value === current)?.label ?? ''}
            onChange={(event) => {
              setQuery(event.target.value);
              onQueryChange?.(event.target.value);
            }}
          />
          <ComboboxButton className="px-2" aria-label={t('ui.showOptions', { label })}>
            <Chevron />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className={list.replace('w-[var(--button-width)]', 'w-[var(--input-width)]')}
        >
          {matches.length === 0 ? (
            <div className="px-3 py-1.5 text-slate-500">{noMatches}</div>
          ) : (
            matches.map((option) => (
              <ComboboxOption
                key={String(option.value)}
                value={option.value}
                disabled={option.disabled}
                className={item}
              >
                <span>{option.label}</span>
                {option.hint && <span className="text-xs text-slate-500">{option.hint}</span>}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </HeadlessCombobox>
      <FieldError error={error} />
    </Field>
  );
}
