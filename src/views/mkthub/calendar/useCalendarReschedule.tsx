import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarRescheduleMachine } from '../../../machines/calendar-reschedule.machine';
import type { CalendarEvent } from '../../../gateway/contract/actions/calendar';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { ConfirmDialog } from '../../ui/Dialog';
import { formatTime } from '../../common/format';

// The reschedule machine bound to the calendar: a drag (or the list's Move) asks; the confirm dialog is
// the machine's confirming state; a dismiss or a refusal calls the drag's revert (FullCalendar's own).

export function useCalendarReschedule(notify: (text: string) => void) {
  const { t } = useTranslation('mkthub');
  const text = useText();
  const client = useQueryClient();
  const actor = useActorRef(calendarRescheduleMachine, { input: { client }, inspect: inspectActor });
  const move = useSelector(actor, (s) => s.context.move);
  const error = useSelector(actor, (s) => s.context.error);
  const confirming = useSelector(actor, (s) => s.matches('confirming') || s.matches('saving'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const revert = useRef<(() => void) | null>(null);

  useEffect(() => {
    const reverted = actor.on('move.reverted', () => {
      revert.current?.();
      revert.current = null;
    });
    const saved = actor.on('move.saved', (event) => {
      revert.current = null;
      notify(t('calendar.moved', { name: event.event.Title, time: formatTime(event.event.StartTime) }));
    });
    return () => {
      reverted.unsubscribe();
      saved.unsubscribe();
    };
  }, [actor, notify, t]);

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const canMove = (event: CalendarEvent, start: number) =>
    actor.getSnapshot().can({ type: 'move.ask', event, start, now: nowSeconds() });

  /** Asks the machine; returns false (and the caller reverts) when the move is not allowed. */
  function ask(event: CalendarEvent, start: number, undo: (() => void) | null): boolean {
    if (!canMove(event, start)) return false;
    revert.current = undo;
    actor.send({ type: 'move.ask', event, start, now: nowSeconds() });
    return true;
  }

  const dialog = (
    <ConfirmDialog
      open={confirming}
      title={t('calendar.moveTitle')}
      description={move ? t('calendar.moveBody', { name: move.event.Title, time: formatTime(move.start) }) : ''}
      confirmLabel={t('calendar.moveConfirm')}
      busy={saving}
      onConfirm={() => actor.send({ type: 'move.confirm' })}
      onClose={() => actor.send({ type: 'move.dismiss' })}
    />
  );
  const failure = error ? (
    <div
      role="alert"
      className="mb-4 flex items-start justify-between gap-3 rounded bg-red-50 p-3 text-sm text-red-700"
    >
      <span>{text(error)}</span>
      <button type="button" className="font-medium underline" onClick={() => actor.send({ type: 'move.dismiss' })}>
        {t('calendar.dismiss')}
      </button>
    </div>
  ) : null;
  return { ask, canMove, dialog, failure };
}
