import { describe, expect, it } from 'vitest';
import { waAgentTaskLifecycle, waAgentTaskMachine } from '../../src/machines/lifecycles/wa-agent-task.machine';
import { WA_AGENT_STATUS as S } from '../../src/gateway/contract/wa-agent';
import { testModel } from './harness';

testModel('wa-agent-task.machine', { machine: waAgentTaskMachine });

describe('WhatsApp agent task lifecycle rules', () => {
  it('goes WaitForSend → Analyzing → Analyzed → Sending → SendOver', () => {
    expect(waAgentTaskLifecycle.next(S.WaitForSend, 'agent.analyze')?.status).toBe(S.Analyzing);
    expect(waAgentTaskLifecycle.next(S.Analyzing, 'agent.accept')?.status).toBe(S.Analyzed);
    expect(waAgentTaskLifecycle.next(S.Analyzed, 'agent.send')?.status).toBe(S.Sending);
    expect(waAgentTaskLifecycle.next(S.Sending, 'agent.finish')?.status).toBe(S.SendOver);
  });

  it('lets the customer cancel only before sending starts', () => {
    expect(waAgentTaskLifecycle.statusesAllowing('task.cancel')).toEqual([S.WaitForSend, S.Analyzing, S.Analyzed]);
    expect(waAgentTaskLifecycle.can(S.Sending, 'task.cancel')).toBe(false);
  });

  it('the agent refuses during analysis (Cancel 7) and fails at any stage from analysis on', () => {
    expect(waAgentTaskLifecycle.next(S.Analyzing, 'agent.reject')?.status).toBe(S.Cancel);
    expect(waAgentTaskLifecycle.statusesAllowing('agent.fail')).toEqual([S.Analyzing, S.Analyzed, S.Sending]);
    for (const end of [S.SendOver, S.TaskFailed, S.Cancel])
      expect(waAgentTaskLifecycle.can(end, 'task.cancel')).toBe(false);
  });
});
