import { expect } from 'vitest';
import { ticketComposeMachine } from '../../src/machines/ticket-compose.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

testModel('ticket-compose.machine', {
  machine: ticketComposeMachine,
  input: () => ({}),
  events: {
    'category.change': [{ category: 1 }],
    'comment.change': [{ value: 'Messages to +44 fail' }, { value: 'x'.repeat(151) }],
    'picture.add': [{ key: 'p1' }],
    'picture.uploaded': [{ key: 'p1', fileId: 'f1' }],
    'picture.remove': [{ key: 'p1' }],
    'xstate.done.actor.submit': [{ output: 7 }],
    'xstate.error.actor.submit': [{ error: new GatewayError('CreateTicket', RetCode.NotFound, 'Not found') }],
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.category,
      s.context.comment.length > 0 && s.context.comment.length <= 150,
      s.context.pictures.map((p) => p.fileId !== null),
    ]),
  states: {
    submitting: (s) => expect(s.context.pictures.every((p) => p.fileId)).toBe(true),
    saved: (s) => expect(s.context.savedTicketId).toBe(7),
  },
});
