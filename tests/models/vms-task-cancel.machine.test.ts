import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { vmsTaskCancelMachine } from '../../src/machines/vms-task-cancel.machine';
import type { SmsTaskCancelContext } from '../../src/machines/sms-task-cancel.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { VOICE_TASK_STATE_STATUS } from '../../src/machines/lifecycles/voice-task.machine';
import { testModel } from './harness';

// Voice tasks have the voice task lifecycle: Cancel from pending review (1) and wait submit (2) only.
const waiting = { TaskId: 't1', TaskName: 'Reminders', Status: VOICE_TASK_STATE_STATUS.waitSubmit, ResultState: 0 };
const submitted = { TaskId: 't2', TaskName: 'Done', Status: VOICE_TASK_STATE_STATUS.submitSuccess, ResultState: 0 };

testModel('vms-task-cancel.machine', {
  machine: vmsTaskCancelMachine,
  input: () => ({}),
  events: {
    'cancel.ask': [{ task: waiting }, { task: submitted }],
    'xstate.error.actor.cancelTask': [
      { error: new GatewayError('CancelUVMSSendTask', RetCode.NotFound, 'The task cannot be cancelled') },
    ],
  },
  serializeState: (s: { value: unknown; context: SmsTaskCancelContext }) =>
    JSON.stringify([s.value, s.context.task?.TaskId ?? null, Boolean(s.context.error)]),
  states: {
    confirming: (s) => expect(s.context.task?.TaskId).toBe('t1'),
    failed: (s) => expect(s.context.error).toBe('The task cannot be cancelled'),
  },
});

it('is the voice machine: voice statuses decide', () => {
  const actor = createActor(vmsTaskCancelMachine, { input: {} }).start();
  expect(actor.getSnapshot().machine.id).toBe('vmsTaskCancel');
  expect(actor.getSnapshot().can({ type: 'cancel.ask', task: submitted })).toBe(false);
  // 5 is SMS Deleted but voice Failed, 2 SMS Processing but voice Wait Submit: the voice lifecycle decides.
  expect(actor.getSnapshot().can({ type: 'cancel.ask', task: waiting })).toBe(true);
});
