import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  isTemplateReplyComplete,
  templateReplyMachine,
  type TemplateReplyContext,
} from '../../src/machines/template-reply.machine';
import { NetworkError } from '../../src/gateway/client/call';
import { testModel } from './harness';

const greeting = { templateId: 'WT00000001', variableCount: 1 };
const plain = { templateId: 'WT00000002', variableCount: 0 };

testModel(
  'template-reply.machine',
  {
    machine: templateReplyMachine,
    input: () => ({ messageId: 'IB00000001' }),
    events: {
      'template.choose': [{ template: greeting }, { template: plain }],
      'field.change': [
        { index: 0, value: 'Ada' },
        { index: 0, value: '  ' },
      ],
      'xstate.done.actor.sendTemplateReply': [{ output: { TaskId: 'TK1' } }],
      'xstate.error.actor.sendTemplateReply': [{ error: new NetworkError('SendInboxTemplateReply', 'down') }],
    },
    serializeState: (s: { value: unknown; context: TemplateReplyContext }) =>
      JSON.stringify([s.value, s.context.template?.templateId ?? null, isTemplateReplyComplete(s.context)]),
    states: {
      sending: (s) => {
        expect(isTemplateReplyComplete(s.context)).toBe(true);
        expect(s.context.key).toMatch(/.+/);
      },
      failed: (s) => expect(s.context.error).toBeTruthy(),
      closed: (s) => expect(s.context.template).toBeNull(),
    },
  },
  { requireAllStates: true },
);

describe('template reply retries', () => {
  it('sends the same IdempotencyKey again on retry, and a new one once a value changed', async () => {
    const keys: string[] = [];
    let fail = true;
    const machine = templateReplyMachine.provide({
      actors: {
        sendTemplateReply: fromPromise(async ({ input }) => {
          keys.push(input.IdempotencyKey);
          if (fail) throw new Error('connection reset');
          return { TaskId: 'TK1' } as never;
        }),
      },
    });
    const actor = createActor(machine, { input: { messageId: 'IB00000001' } }).start();
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'form.open' });
    actor.send({ type: 'template.choose', template: greeting });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('filling'); // {{1}} is empty
    actor.send({ type: 'field.change', index: 0, value: 'Ada' });
    actor.send({ type: 'form.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'form.retry' });
    await settled();
    expect(keys[1]).toBe(keys[0]);
    actor.send({ type: 'field.change', index: 0, value: 'Ada Lovelace' });
    fail = false;
    actor.send({ type: 'form.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(keys[2]).not.toBe(keys[0]);
  });
});
