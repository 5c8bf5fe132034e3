import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsTask } from '../../../gateway/contract/actions/sms-records';
import type { TranslationKey } from '../../../i18n/keys';
import { useLabel } from '../../../i18n/useLabel';
import { formatCount, formatTime } from '../format';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Spinner } from '../../ui/Spinner';

// The pieces every channel's task detail shows: the status with a live mark, the count tiles and the
// list of the task's fields.

/** The task's status (announced when it changes), "live" while it moves, and the page's buttons. */
export function TaskStatusBar({
  view,
  live,
  children,
}: {
  view: { label: TranslationKey; tone: BadgeTone };
  live: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('sms');
  const label = useLabel();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-3" aria-live="polite">
        <Badge tone={view.tone} testId="task-detail-status">
          {label(view.label)}
        </Badge>
        {live && (
          <span className="flex items-center gap-1 text-xs text-slate-500">
            <Spinner className="h-3 w-3" /> {t('task.live')}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}

/** A tile per count: [name, value, key]; the key names the tile's test id. */
export type CountTile = readonly [string, number, string];

export function CountTiles({ tiles, lang, wide }: { tiles: readonly CountTile[]; lang: string; wide?: boolean }) {
  return (
    <dl className={`mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4${wide ? ' lg:grid-cols-7' : ''}`}>
      {tiles.map(([name, value, key]) => (
        <div key={key} className="rounded-[var(--radius-herald)] bg-slate-50 p-3">
          <dt className="text-xs text-slate-500">{name}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid={`task-count-${key}`}>
            {formatCount(value, lang)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type AudienceTask = Pick<SmsTask, 'Audience' | 'SuppressedCount' | 'NoAddressCount'>;

/**
 * A task sent to a list or a segment (issue 12 item 6), on every channel: the tiles of the contacts it
 * skipped, and the audience's line in its fields. A task sent to numbers or addresses has neither.
 */
export function useTaskAudience() {
  const { t } = useTranslation('sms');
  return {
    tiles: (task: AudienceTask): CountTile[] =>
      task.Audience
        ? [
            [t('task.counts.suppressed'), task.SuppressedCount, 'suppressed'],
            [t('task.counts.noAddress'), task.NoAddressCount, 'noAddress'],
          ]
        : [],
    rows: ({ Audience: audience }: AudienceTask): [string, string][] =>
      audience
        ? [
            [
              t('task.fields.audience'),
              audience.Kind === 'list'
                ? t('task.audience.list', { name: audience.Name })
                : t('task.audience.segment', { name: audience.Name }),
            ],
          ]
        : [],
  };
}

/** The task's fields, a name and a value a line. */
export function TaskFieldList({ rows }: { rows: readonly (readonly string[])[] }) {
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([name, value]) => (
        <div key={name} className="grid grid-cols-[8rem_1fr] gap-2">
          <dt className="text-slate-500">{name}</dt>
          <dd className="whitespace-pre-wrap break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Send time (time zone)" for a scheduled task, the send time otherwise. */
export const sendTimeText = (task: { SendTime: number; SendType: string; TimeZone: string }) =>
  `${formatTime(task.SendTime)}${task.SendType === 'scheduled' ? ` (${task.TimeZone})` : ''}`;
