import { describe, expect, it } from 'vitest';
import {
  ticketLifecycle,
  ticketLifecycleKit,
  type TicketLifecycleEvent,
  type TicketStatus,
} from '../../src/machines/lifecycles/ticket.machine';
import { testModel } from './harness';

testModel('lifecycles/ticket.machine', { machine: ticketLifecycle, simple: true, limit: 500 });

describe('ticket lifecycle rules', () => {
  it('answers the server with the next status, or null when the change is not allowed', () => {
    const cases: [TicketStatus, TicketLifecycleEvent['type'], TicketStatus | null][] = [
      ['inReview', 'staff.reply', 'pending'],
      ['pending', 'owner.comment', 'inReview'],
      ['onHold', 'owner.comment', 'onHold'],
      ['solved', 'owner.comment', 'inReview'],
      ['solved', 'owner.solve', null],
      ['closed', 'owner.comment', null],
      ['closed', 'staff.reply', null],
      ['inReview', 'staff.review', null],
    ];
    for (const [from, event, to] of cases)
      expect(ticketLifecycleKit.next(from, event)?.status ?? null, `${from} + ${event}`).toBe(to);
  });
});
