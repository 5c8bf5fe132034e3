import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { mmsTaskCancelMachine } from '../../src/machines/mms-task-cancel.machine';
import type { SmsTaskCancelContext } from '../../src/machines/sms-task-cancel.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_TASK_STATE_STATUS } from '../../src/machines/lifecycles/sms-task.machine';
import { testModel } from './harness';

// MMS tasks have the SMS task lifecycle: the same guard, under the MMS machine's own id.
const waiting = { TaskId: 't1', TaskName: 'Spring MMS', Status: SMS_TASK_STATE_STATUS.waiting, ResultState: 0 };
const complete = { TaskId: 't2', TaskName: 'Done', Status: SMS_TASK_STATE_STATUS.complete, ResultState: 4 };

testModel('mms-task-cancel.machine', {
  machine: mmsTaskCancelMachine,
  input: () => ({}),
  events: {
    'cancel.ask': [{ task: waiting }, { task: complete }],
    'xstate.error.actor.cancelTask': [
      { error: new GatewayError('CancelUMMSSendTask', RetCode.NotFound, 'The task cannot be cancelled') },
    ],
  },
  serializeState: (s: { value: unknown; context: SmsTaskCancelContext }) =>
    JSON.stringify([s.value, s.context.task?.TaskId ?? null, Boolean(s.context.error)]),
  states: {
    confirming: (s) => expect(s.context.task?.TaskId).toBe('t1'),
    failed: (s) => expect(s.context.error).toBe('The task cannot be cancelled'),
  },
});

it('is the MMS machine', () => {
  const actor = createActor(mmsTaskCancelMachine, { input: {} }).start();
  expect(actor.getSnapshot().machine.id).toBe('mmsTaskCancel');
  expect(actor.getSnapshot().can({ type: 'cancel.ask', task: complete })).toBe(false);
});
