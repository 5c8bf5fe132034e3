import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { waTaskCancelMachine } from '../../src/machines/wa-task-cancel.machine';
import type { SmsTaskCancelContext } from '../../src/machines/sms-task-cancel.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_TASK_STATE_STATUS } from '../../src/machines/lifecycles/sms-task.machine';
import { testModel } from './harness';

// WhatsApp tasks have the SMS task lifecycle: the same guard, under the WhatsApp machine's own id.
const waiting = { TaskId: 't1', TaskName: 'Spring offer', Status: SMS_TASK_STATE_STATUS.waiting, ResultState: 0 };
const complete = { TaskId: 't2', TaskName: 'Done', Status: SMS_TASK_STATE_STATUS.complete, ResultState: 4 };

testModel('wa-task-cancel.machine', {
  machine: waTaskCancelMachine,
  input: () => ({}),
  events: {
    'cancel.ask': [{ task: waiting }, { task: complete }],
    'xstate.error.actor.cancelTask': [
      { error: new GatewayError('CancelWhatsAppSendTask', RetCode.NotFound, 'The task cannot be cancelled') },
    ],
  },
  serializeState: (s: { value: unknown; context: SmsTaskCancelContext }) =>
    JSON.stringify([s.value, s.context.task?.TaskId ?? null, Boolean(s.context.error)]),
  states: {
    confirming: (s) => expect(s.context.task?.TaskId).toBe('t1'),
    failed: (s) => expect(s.context.error).toBe('The task cannot be cancelled'),
  },
});

it('is the WhatsApp machine', () => {
  const actor = createActor(waTaskCancelMachine, { input: {} }).start();
  expect(actor.getSnapshot().machine.id).toBe('waTaskCancel');
  expect(actor.getSnapshot().can({ type: 'cancel.ask', task: complete })).toBe(false);
});
