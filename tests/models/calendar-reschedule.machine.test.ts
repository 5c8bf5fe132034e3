import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  calendarRescheduleMachine,
  type CalendarMove,
  type CalendarRescheduleContext,
} from '../../src/machines/calendar-reschedule.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { CalendarEvent } from '../../src/gateway/contract/actions/calendar';
import type { QueryClient } from '../../src/gateway/client/mutations/run';
import { testModel } from './harness';

const NOW = 1_800_000_000;
const waiting: CalendarEvent = {
  Type: 1,
  Id: 'T1',
  Title: 'Spring sale',
  StartTime: NOW + 86_400,
  State: 1,
  Link: '/sms/task/T1/1/S1',
  Movable: true,
};
const sent: CalendarEvent = { ...waiting, Id: 'T2', State: 2, Movable: false };

testModel('calendar-reschedule.machine', {
  machine: calendarRescheduleMachine,
  input: () => ({}),
  events: {
    'move.ask': [
      { event: waiting, start: NOW + 3 * 86_400, now: NOW },
      { event: waiting, start: NOW - 60, now: NOW },
      { event: sent, start: NOW + 3 * 86_400, now: NOW },
    ],
    'xstate.done.actor.reschedule': [{ output: { Event: { ...waiting, StartTime: NOW + 3 * 86_400 } } }],
    'xstate.error.actor.reschedule': [
      { error: new GatewayError('RescheduleCalendarEvent', RetCode.CalendarEventNotMovable, 'Already sent') },
    ],
  },
  serializeState: (s: { value: unknown; context: CalendarRescheduleContext }) =>
    JSON.stringify([s.value, s.context.move?.event.Id ?? null, Boolean(s.context.error)]),
  states: {
    confirming: (s) => expect(s.context.move).toMatchObject({ start: NOW + 3 * 86_400 }),
    failed: (s) => expect(s.context.error).toBe('Already sent'),
    idle: (s) => expect(s.context.move).toBeNull(),
  },
});

describe('reschedule a calendar event', () => {
  it('asks only for a movable event and a time still ahead', () => {
    const actor = createActor(calendarRescheduleMachine, { input: {} }).start();
    const can = (event: CalendarEvent, start: number) =>
      actor.getSnapshot().can({ type: 'move.ask', event, start, now: NOW });
    expect(can(waiting, NOW + 60)).toBe(true);
    expect(can(waiting, NOW)).toBe(false);
    expect(can(sent, NOW + 86_400)).toBe(false);
  });

  it('saves after the confirm, and reverts on a dismiss or a refusal', async () => {
    const saved: string[] = [];
    let refuse = false;
    const machine = calendarRescheduleMachine.provide({
      actors: {
        reschedule: fromPromise(async ({ input }: { input: { client: QueryClient | null; move: CalendarMove } }) => {
          if (refuse) throw new GatewayError('RescheduleCalendarEvent', RetCode.ScheduleInPast, 'Too late');
          saved.push(input.move.event.Id);
          return { Event: { ...input.move.event, StartTime: input.move.start } };
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    const reverted: number[] = [];
    const moved: number[] = [];
    actor.on('move.reverted', (event) => reverted.push(event.move.start));
    actor.on('move.saved', (event) => moved.push(event.event.StartTime));

    actor.send({ type: 'move.ask', event: waiting, start: NOW + 100, now: NOW });
    actor.send({ type: 'move.dismiss' });
    expect(reverted).toEqual([NOW + 100]);

    actor.send({ type: 'move.ask', event: waiting, start: NOW + 200, now: NOW });
    actor.send({ type: 'move.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved).toEqual(['T1']);
    expect(moved).toEqual([NOW + 200]);
    expect(actor.getSnapshot().value).toBe('idle');

    refuse = true;
    actor.send({ type: 'move.ask', event: waiting, start: NOW + 300, now: NOW });
    actor.send({ type: 'move.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reverted).toEqual([NOW + 100, NOW + 300]);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Too late');
  });
});
