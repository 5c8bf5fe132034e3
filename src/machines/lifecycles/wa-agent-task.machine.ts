import { setup, type SnapshotFrom } from 'xstate';
import { WA_AGENT_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// A WhatsApp agent campaign (issue 15 item 5; spec 001 §4; docs/decisions.md "WhatsApp agent campaigns").
// Created it waits (WaitForSend 1); the provider's agent analyses it (Analyzing 2, Analyzed 3) and may
// refuse it (Cancel 7, label rejected) or fail it (TaskFailed 6); at the expected time it sends (Sending 4)
// and ends SendOver 5. The customer may cancel until sending starts (Cancel 7, label cancelled). The
// server moves stored rows with this machine; the console asks it whether Cancel shows.
export const WA_AGENT_STATE_STATUS = {
  waitForSend: WA_AGENT_STATUS.WaitForSend,
  analyzing: WA_AGENT_STATUS.Analyzing,
  analyzed: WA_AGENT_STATUS.Analyzed,
  sending: WA_AGENT_STATUS.Sending,
  sendOver: WA_AGENT_STATUS.SendOver,
  taskFailed: WA_AGENT_STATUS.TaskFailed,
  cancel: WA_AGENT_STATUS.Cancel,
} as const;

export type WaAgentTaskEvent =
  | { type: 'agent.analyze' }
  | { type: 'agent.accept' }
  | { type: 'agent.reject' }
  | { type: 'agent.send' }
  | { type: 'agent.finish' }
  | { type: 'agent.fail' }
  | { type: 'task.cancel' };

export const waAgentTaskMachine = setup({
  types: { events: {} as WaAgentTaskEvent },
}).createMachine({
  id: 'waAgentTask',
  initial: 'waitForSend',
  states: {
    waitForSend: { on: { 'agent.analyze': 'analyzing', 'task.cancel': 'cancel' } },
    analyzing: {
      on: { 'agent.accept': 'analyzed', 'agent.reject': 'cancel', 'agent.fail': 'taskFailed', 'task.cancel': 'cancel' },
    },
    analyzed: { on: { 'agent.send': 'sending', 'agent.fail': 'taskFailed', 'task.cancel': 'cancel' } },
    sending: { on: { 'agent.finish': 'sendOver', 'agent.fail': 'taskFailed' } },
    sendOver: { type: 'final' },
    taskFailed: { type: 'final' },
    cancel: { type: 'final' },
  },
});

export type WaAgentTaskSnapshot = SnapshotFrom<typeof waAgentTaskMachine>;

export const waAgentTaskLifecycle = defineLifecycle(waAgentTaskMachine, WA_AGENT_STATE_STATUS);
