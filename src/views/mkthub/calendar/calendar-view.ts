import type { EventInput } from '@fullcalendar/core';
import type { CalendarEvent } from '../../../gateway/contract/actions/calendar';
import {
  CALENDAR_EVENT_STATE,
  CALENDAR_ITEM_TYPE,
  calendarTypeName,
  type CalendarItemTypeName,
} from '../../../gateway/contract/calendar';

// What the calendar page draws: a colour per item type (the legend shows the same), and FullCalendar's
// event objects from the gateway's events. The server says which events may move (Movable).

export const TYPE_COLOURS: Record<CalendarItemTypeName, string> = {
  sms: '#2563eb',
  email: '#16a34a',
  tg: '#0891b2',
  post: '#db2777',
  plan: '#4f46e5',
  condition: '#64748b',
  mms: '#9333ea',
  vms: '#ea580c',
};

/** Where "Add event" opens each channel's send page (none of them takes a date parameter yet). */
export const ADD_EVENT_PAGES = [
  { type: 'sms', path: '/sms/sending' },
  { type: 'email', path: '/email/sending' },
  { type: 'mms', path: '/mms/sending' },
  { type: 'vms', path: '/vms/sending' },
  { type: 'tg', path: '/mkthub/post/tg/message' },
] as const satisfies readonly { type: CalendarItemTypeName; path: string }[];

export const typeNameOf = (type: number) => calendarTypeName(type);

export function toCalendarInput(event: CalendarEvent): EventInput {
  const colour = TYPE_COLOURS[calendarTypeName(event.Type)];
  const sent = event.State === CALENDAR_EVENT_STATE.sent;
  return {
    id: `${event.Type}:${event.Id}`,
    title: event.Title,
    start: new Date(event.StartTime * 1000),
    allDay: false,
    editable: event.Movable,
    backgroundColor: sent ? '#ffffff' : colour,
    borderColor: colour,
    textColor: sent ? colour : '#ffffff',
    classNames: sent ? ['herald-event-sent'] : [],
    extendedProps: { event },
  };
}

export const isTaskType = (type: number) =>
  type === CALENDAR_ITEM_TYPE.sms ||
  type === CALENDAR_ITEM_TYPE.email ||
  type === CALENDAR_ITEM_TYPE.mms ||
  type === CALENDAR_ITEM_TYPE.vms;
