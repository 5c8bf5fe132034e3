import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import dayjs from 'dayjs';
import type { CalendarEvent } from '../../../gateway/contract/actions/calendar';
import { CALENDAR_EVENT_STATE } from '../../../gateway/contract/calendar';
import { formatTime } from '../../common/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { TYPE_COLOURS, typeNameOf } from './calendar-view';

// The visible events as a plain list: the keyboard's and the screen reader's way through the calendar,
// with "Move" for the events a drag could move (a date and time field instead of the mouse).

export function EventList({
  events,
  canMove,
  onMove,
}: {
  events: CalendarEvent[];
  canMove: (event: CalendarEvent, start: number) => boolean;
  onMove: (event: CalendarEvent, start: number) => void;
}) {
  const { t } = useTranslation('mkthub');
  const [moving, setMoving] = useState<CalendarEvent | null>(null);
  const [when, setWhen] = useState('');
  const start = when ? dayjs(when).unix() : 0;
  const allowed = moving !== null && start > 0 && canMove(moving, start);

  const open = (event: CalendarEvent) => {
    setMoving(event);
    setWhen(dayjs.unix(event.StartTime).format('YYYY-MM-DDTHH:mm'));
  };
  const submit = () => {
    if (!moving || !allowed) return;
    setMoving(null);
    onMove(moving, start);
  };

  return (
    <Card className="mt-6">
      <section aria-labelledby="calendar-event-list">
        <h2 id="calendar-event-list" className="mb-3 text-base font-semibold text-slate-900">
          {t('calendar.listTitle')}
        </h2>
        {events.length === 0 ? (
          <p className="text-sm text-slate-500">{t('calendar.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {events.map((event) => {
              const type = typeNameOf(event.Type);
              return (
                <li key={`${event.Type}:${event.Id}`} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                  <span
                    className="rounded px-2 py-0.5 text-xs font-medium text-white"
                    style={{ backgroundColor: TYPE_COLOURS[type] }}
                  >
                    {t(`calendar.types.${type}`)}
                  </span>
                  <time dateTime={new Date(event.StartTime * 1000).toISOString()} className="text-slate-600">
                    {formatTime(event.StartTime)}
                  </time>
                  <Link href={event.Link} className="font-medium text-brand-700 hover:underline">
                    {event.Title}
                  </Link>
                  <span className="text-slate-500">
                    {t(
                      event.State === CALENDAR_EVENT_STATE.sent ? 'calendar.states.sent' : 'calendar.states.scheduled',
                    )}
                  </span>
                  {event.Movable && (
                    <Button
                      variant="secondary"
                      className="ml-auto"
                      aria-label={t('calendar.moveLabel', { name: event.Title })}
                      onClick={() => open(event)}
                    >
                      {t('calendar.move')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <Dialog
        open={moving !== null}
        onClose={() => setMoving(null)}
        title={t('calendar.moveTitle')}
        description={moving?.Title}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setMoving(null)}>
              {t('calendar.dismiss')}
            </Button>
            <Button onClick={submit} disabled={!allowed}>
              {t('calendar.continue')}
            </Button>
          </>
        }
      >
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          {t('calendar.newTime')}
          <input
            type="datetime-local"
            className="rounded border border-slate-300 px-2 py-1"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
          />
        </label>
        {when && !allowed && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t('calendar.notInPast')}
          </p>
        )}
      </Dialog>
    </Card>
  );
}
