import { assign, emit, fromPromise, setup } from 'xstate';
import { rescheduleCalendarEventMutation } from '../gateway/client/mutations/calendar';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { failureText } from '../gateway/client/failures';
import type { CalendarEvent } from '../gateway/contract/actions/calendar';

// Drag (or the keyboard's "Move") to reschedule a calendar event (issue 14 item 6): the calendar shows
// the event at its new time at once; the user confirms; RescheduleCalendarEvent moves the task on the
// server, which re-checks its lifecycle. A dismiss or a refusal puts the event back (`move.reverted`).

export interface CalendarMove {
  event: CalendarEvent;
  /** The new start, unix seconds. */
  start: number;
}

export interface CalendarRescheduleContext {
  client: QueryClient | null;
  move: CalendarMove | null;
  /** The server's Message, or an i18n key when the gateway could not be reached. */
  error: string | null;
}

export type CalendarRescheduleEvent =
  | { type: 'move.ask'; event: CalendarEvent; start: number; now: number }
  | { type: 'move.confirm' }
  | { type: 'move.dismiss' };

export type CalendarRescheduleEmitted =
  { type: 'move.saved'; event: CalendarEvent } | { type: 'move.reverted'; move: CalendarMove };

export const calendarRescheduleMachine = setup({
  types: {
    context: {} as CalendarRescheduleContext,
    events: {} as CalendarRescheduleEvent,
    input: {} as { client?: QueryClient },
    emitted: {} as CalendarRescheduleEmitted,
  },
  actors: {
    reschedule: fromPromise(({ input }: { input: { client: QueryClient | null; move: CalendarMove } }) =>
      runMutation(input.client!, rescheduleCalendarEventMutation(input.client!), {
        Type: input.move.event.Type,
        Id: input.move.event.Id,
        StartTime: input.move.start,
      }),
    ),
  },
  guards: {
    /** The server answered Movable (a scheduled task still waiting) and the new time is still ahead. */
    movableToFuture: (_, params: { event: CalendarEvent; start: number; now: number }) =>
      params.event.Movable && params.start > params.now,
  },
  actions: {
    setMove: assign((_, params: CalendarMove) => ({ move: params, error: null })),
    clearMove: assign({ move: null, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({ error: failureText(params.error) })),
    announceSaved: emit((_, params: { event: CalendarEvent }) => ({
      type: 'move.saved' as const,
      event: params.event,
    })),
    announceReverted: emit(({ context }) => ({ type: 'move.reverted' as const, move: context.move! })),
  },
}).createMachine({
  id: 'calendarReschedule',
  context: ({ input }) => ({ client: input.client ?? null, move: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'move.ask': {
          guard: {
            type: 'movableToFuture',
            params: ({ event }) => ({ event: event.event, start: event.start, now: event.now }),
          },
          target: 'confirming',
          actions: { type: 'setMove', params: ({ event }) => ({ event: event.event, start: event.start }) },
        },
      },
    },
    confirming: {
      on: {
        'move.confirm': 'saving',
        'move.dismiss': { target: 'idle', actions: ['announceReverted', 'clearMove'] },
      },
    },
    saving: {
      invoke: {
        id: 'reschedule',
        src: 'reschedule',
        input: ({ context }) => ({ client: context.client, move: context.move! }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'announceSaved', params: ({ event }) => ({ event: event.output.Event }) }, 'clearMove'],
        },
        onError: {
          target: 'failed',
          actions: [{ type: 'rememberError', params: ({ event }) => ({ error: event.error }) }, 'announceReverted'],
        },
      },
    },
    /** The event is back at its old time; the reason stays shown until dismissed. */
    failed: {
      on: { 'move.dismiss': { target: 'idle', actions: 'clearMove' } },
    },
  },
});
