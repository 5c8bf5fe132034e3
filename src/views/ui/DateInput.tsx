import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real day written YYYY-MM-DD, inside the allowed range. */
function acceptable(day: string, min?: string, max?: string): boolean {
  return DAY.test(day) && dayjs(day).format('YYYY-MM-DD') === day && (!min || day >= min) && (!max || day <= max);
}

/**
 * A day as YYYY-MM-DD in every language and browser (issue 18 §16: a native date input shows the
 * browser's own format, mm/dd/yyyy beside YYYY-MM-DD everywhere else). It is typed, or chosen in the
 * browser's own calendar, opened by the button beside it. A day that is not real or not allowed is not
 * taken; the field goes back to the last good one.
 */
export function DateInput({
  id,
  value,
  min,
  max,
  onChange,
  pickLabel,
}: {
  id: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
  /** The calendar button's name for screen readers ("Choose the start day"). */
  pickLabel: string;
}) {
  const [text, setText] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const day = text.trim();
    if (day !== value && acceptable(day, min, max)) onChange(day);
    else setText(value);
  };
  return (
    <span className="relative inline-flex items-center">
      <input
        id={id}
        value={text}
        inputMode="numeric"
        placeholder="YYYY-MM-DD"
        maxLength={10}
        size={10}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          commit();
        }}
        className="rounded-[var(--radius-herald)] border border-slate-300 py-1 pr-8 pl-2 tabular-nums"
      />
      <button
        type="button"
        aria-label={pickLabel}
        onClick={() => picker.current?.showPicker?.()}
        className="absolute right-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
      >
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="h-4 w-4" aria-hidden>
          <rect x="3" y="4.5" width="14" height="12" rx="1.5" />
          <path d="M3 8h14M7 3v3M13 3v3" />
        </svg>
      </button>
      {/* The browser's calendar, without its display format: only its picker is used. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={value}
        min={min}
        max={max}
        onChange={(event) => event.target.value && onChange(event.target.value)}
        className="pointer-events-none absolute bottom-0 left-0 h-px w-px opacity-0"
      />
    </span>
  );
}
