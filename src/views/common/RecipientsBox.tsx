import { memo, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Textarea } from '../ui/Textarea';

// The recipients box of every send wizard (SMS now; MMS, voice, e-mail and chat later, issue 22 §3):
// an uncontrolled textarea, so a 100,000-line paste is never re-rendered by React, and the counts of
// the list the worker built. It never parses: the wizard's machine checks the text off the main
// thread and hands back the counts.

/** The counts a wizard's machine keeps of a checked list (a RecipientList has them all). */
export interface RecipientCounts {
  count: number;
  invalid: number;
  duplicates: number;
  skippedHeader: boolean;
  sample: string[];
}

export interface RecipientsStatus {
  checking: boolean;
  /** 0…1 while checking */
  progress: number;
  list: RecipientCounts | null;
}

const number = (value: number, lang: string) => value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');

/** "12 recipients · 1 invalid · 0 repeated", the first few, and notes on the header and the size. */
export function RecipientsSummary({ list, recommendedMax }: { list: RecipientCounts; recommendedMax?: number }) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language;
  return (
    <div className="mt-2 text-sm text-slate-600" data-testid="recipients-summary" aria-live="polite">
      <p>
        {t('recipients.summary', {
          count: list.count,
          countText: number(list.count, lang),
          invalid: number(list.invalid, lang),
          duplicates: number(list.duplicates, lang),
        })}
      </p>
      {list.sample.length > 0 && (
        <p className="truncate text-xs text-slate-500">{t('recipients.sample', { items: list.sample.join(', ') })}</p>
      )}
      {list.skippedHeader && <p className="text-xs text-slate-500">{t('recipients.skippedHeader')}</p>}
      {recommendedMax !== undefined && list.count > recommendedMax && (
        <p className="text-xs text-amber-700">{t('recipients.tooMany', { max: number(recommendedMax, lang) })}</p>
      )}
    </div>
  );
}

export function RecipientsProgress({ progress, label }: { progress: number; label: string }) {
  return (
    <div className="mt-2 flex items-center gap-3 text-sm text-slate-600">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        className="h-2 w-40 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
      </div>
      <span>{label}</span>
    </div>
  );
}

interface PasteAreaProps {
  label: string;
  /** A paste that makes the text longer than HELD_LIST_LINES: the box hands it over instead. */
  onLargeText?: (text: string) => void;
  hint?: ReactNode;
  placeholder?: string;
  defaultText: string;
  disabled?: boolean;
  error?: string;
  onTextChange: (text: string) => void;
  testId?: string;
}

/**
 * Above this many characters a paste is put in place by us: Chromium's own editing inserts a
 * many-line text into a textarea in time that grows with the lines (about 10 s for 1,000 on the
 * shared bench machine), while setRangeText is one assignment. Smaller pastes keep the browser's undo.
 */
const LARGE_PASTE_CHARS = 4_000;

/**
 * Above this many lines a list is held, not shown: laying out a 100,000-line textarea takes Chromium
 * seconds on the paste and again on every later paint (bench/sms-paste.ts), so the box gives way to
 * a line count with "Show in the box" and "Clear" (issue 22 §2). The list itself is the machine's.
 */
export const HELD_LIST_LINES = 5_000;

/** Lines of a text, counted without splitting it (a 1.3 MB paste makes no 100,000-item array). */
export function lineCount(text: string): number {
  if (!text) return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** Uncontrolled: React sets the text once; the browser owns it after. Memoised: counts arriving
 * below it do not render it again. */
const PasteArea = memo(function PasteArea({ defaultText, onTextChange, onLargeText, testId, ...rest }: PasteAreaProps) {
  return (
    <Textarea
      rows={6}
      defaultValue={defaultText}
      spellCheck={false}
      autoComplete="off"
      onValueChange={onTextChange}
      onPaste={(event) => {
        const text = event.clipboardData.getData('text/plain');
        if (text.length < LARGE_PASTE_CHARS) return;
        event.preventDefault();
        const area = event.currentTarget;
        const whole = area.value.slice(0, area.selectionStart) + text + area.value.slice(area.selectionEnd);
        if (onLargeText && lineCount(whole) > HELD_LIST_LINES) {
          onTextChange(whole);
          onLargeText(whole);
          return;
        }
        area.setRangeText(text, area.selectionStart, area.selectionEnd, 'end');
        onTextChange(area.value);
      }}
      data-testid={testId}
      {...rest}
    />
  );
});

export interface RecipientsBoxProps extends PasteAreaProps {
  status: RecipientsStatus;
  recommendedMax?: number;
}

/**
 * A pasted list of recipients with its progress and counts. `defaultText` is read when the box
 * mounts (a restored draft), never after; `onTextChange` should be stable.
 */
export function RecipientsBox({ status, recommendedMax, defaultText, ...area }: RecipientsBoxProps) {
  const { t } = useTranslation('common');
  // the text the box starts from: a restored draft, or a held list the user asked to see
  const [boxText, setBoxText] = useState(defaultText);
  const [held, setHeld] = useState<string | null>(() =>
    lineCount(defaultText) > HELD_LIST_LINES ? defaultText : null,
  );
  const { onTextChange } = area;
  const hold = useCallback((text: string) => setHeld(text), []);
  return (
    <div>
      {held === null ? (
        <PasteArea defaultText={boxText} onLargeText={hold} {...area} />
      ) : (
        <HeldList
          label={area.label}
          error={area.error}
          lines={lineCount(held)}
          onShow={() => {
            setBoxText(held);
            setHeld(null);
          }}
          onClear={() => {
            onTextChange('');
            setBoxText('');
            setHeld(null);
          }}
        />
      )}
      {status.checking ? (
        <RecipientsProgress progress={status.progress} label={t('recipients.checking')} />
      ) : (
        status.list && status.list.count > 0 && <RecipientsSummary list={status.list} recommendedMax={recommendedMax} />
      )}
    </div>
  );
}

/** A list too long to lay out in a textarea: its line count, and the two ways on (issue 22 §2). */
function HeldList({
  label,
  error,
  lines,
  onShow,
  onClear,
}: {
  label: string;
  error?: string;
  lines: number;
  onShow: () => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('common');
  return (
    <div role="group" aria-label={label} data-testid="recipients-held">
      <p className="mb-1 text-sm font-medium text-slate-700">{label}</p>
      <div className="flex flex-wrap items-center gap-3 rounded-[var(--radius-herald)] border border-slate-300 bg-slate-50 px-3 py-3 text-sm">
        <span className="grow text-slate-700">
          {t('recipients.held', { count: lines, countText: number(lines, i18n.language) })}
        </span>
        <Button variant="secondary" onClick={onShow}>
          {t('recipients.showHeld')}
        </Button>
        <Button variant="ghost" onClick={onClear}>
          {t('recipients.clearHeld')}
        </Button>
      </div>
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </div>
  );
}
