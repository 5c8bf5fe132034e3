import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin from '@fullcalendar/interaction';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import type { DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { calendarEventsQuery } from '../../../gateway/client/queries/calendar';
import type { CalendarEvent } from '../../../gateway/contract/actions/calendar';
import { CALENDAR_BUILT_TYPES, type CalendarItemType } from '../../../gateway/contract/calendar';
import { useText } from '../../common/useText';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { Spinner } from '../../ui/Spinner';
import { useNotify } from '../../shell/actors';
import { AddEventMenu } from './AddEventMenu';
import { EventList } from './EventList';
import { TypeFilters } from './TypeFilters';
import { toCalendarInput } from './calendar-view';
import { useCalendarReschedule } from './useCalendarReschedule';
import { useDecorativeIcons } from './useDecorativeIcons';
import { usePhoneWidth } from './usePhoneWidth';

interface VisibleRange {
  begin: number;
  end: number;
}

// The component's options, made once: new arrays or objects on every render would make it re-render itself.
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const LOCALES = [zhCnLocale];
const PHONE_TOOLBAR = { left: 'prev,next', center: 'title', right: 'today' };
const WIDE_TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listWeek' };

/** /mkthub/calendar: everything scheduled or sent in the visible month or week (issue 14 item 6). */
export default function CalendarPage() {
  const { t, i18n } = useTranslation('mkthub');
  const text = useText();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const phone = usePhoneWidth();
  const calendarBox = useDecorativeIcons<HTMLDivElement>();
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [types, setTypes] = useState<CalendarItemType[]>([...CALENDAR_BUILT_TYPES]);
  const reschedule = useCalendarReschedule(notify);
  const allTypes = types.length === CALENDAR_BUILT_TYPES.length;
  const events = useQuery({
    ...calendarEventsQuery({
      BeginTime: range?.begin ?? 0,
      EndTime: range?.end ?? 1,
      ...(allTypes ? {} : { Types: types }),
    }),
    enabled: range !== null && types.length > 0,
  });
  const shown = useMemo(() => (types.length > 0 ? (events.data?.Events ?? []) : []), [events.data, types.length]);
  const inputs = useMemo(() => shown.map(toCalendarInput), [shown]);

  // FullCalendar calls datesSet again when it re-renders with new props: a range it already has must not
  // set state again (a new object each time re-renders it, and so on: React's update-depth error).
  const onDates = (arg: DatesSetArg) => {
    const begin = Math.floor(arg.start.getTime() / 1000);
    const end = Math.floor(arg.end.getTime() / 1000);
    setRange((now) => (now?.begin === begin && now.end === end ? now : { begin, end }));
  };
  const onDrop = (info: EventDropArg) => {
    const event = info.event.extendedProps.event as CalendarEvent;
    const start = info.event.start ? Math.floor(info.event.start.getTime() / 1000) : 0;
    if (!reschedule.ask(event, start, info.revert)) {
      info.revert();
      notify(t(start > Date.now() / 1000 ? 'calendar.notMovable' : 'calendar.notInPast'));
    }
  };
  const onClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    navigate((info.event.extendedProps.event as CalendarEvent).Link);
  };
  const loaded = events.isSuccess || types.length === 0;

  return (
    <PageFrame title={t('titles.calendar')} description={t('calendar.subtitle')} actions={<AddEventMenu />}>
      {reschedule.failure}
      <Card>
        <TypeFilters selected={types} onChange={setTypes} />
        <div className="relative mt-4" aria-busy={events.isFetching}>
          {events.isFetching && (
            <div className="absolute right-2 top-2 z-10">
              <Spinner label={t('calendar.loading')} />
            </div>
          )}
          {events.isError && !events.data ? (
            <ErrorState
              message={text(events.error.message)}
              onRetry={() => void events.refetch()}
              retryLabel={t('calendar.retry')}
            />
          ) : null}
          {loaded && shown.length === 0 && (
            <p role="status" className="mb-3 rounded bg-slate-50 p-3 text-sm text-slate-600">
              {types.length === 0 ? t('calendar.noTypes') : t('calendar.empty')}
            </p>
          )}
          <div ref={calendarBox} className="herald-calendar text-sm">
            <FullCalendar
              key={phone ? 'phone' : 'wide'}
              plugins={PLUGINS}
              initialView={phone ? 'listWeek' : 'dayGridMonth'}
              headerToolbar={phone ? PHONE_TOOLBAR : WIDE_TOOLBAR}
              locales={LOCALES}
              locale={i18n.language.startsWith('zh') ? 'zh-cn' : 'en'}
              events={inputs}
              editable
              eventStartEditable
              eventDurationEditable={false}
              eventDrop={onDrop}
              eventClick={onClick}
              datesSet={onDates}
              height="auto"
              dayMaxEvents={4}
              nowIndicator
            />
          </div>
        </div>
      </Card>
      <EventList
        events={shown}
        canMove={reschedule.canMove}
        onMove={(event, start) => reschedule.ask(event, start, null)}
      />
      {reschedule.dialog}
    </PageFrame>
  );
}
