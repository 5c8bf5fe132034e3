import { describe, expect, it } from 'vitest';
import { workflowLifecycle, workflowMachine } from '../../src/machines/lifecycles/workflow.machine';
import { WORKFLOW_STATUS as S } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('workflow.machine', { machine: workflowMachine });

describe('workflow lifecycle rules', () => {
  it('keeps a draft a draft when it is saved again, and deletes it', () => {
    expect(workflowLifecycle.next(S.Draft, 'workflow.saveDraft')?.status).toBe(S.Draft);
    expect(workflowLifecycle.next(S.Draft, 'workflow.delete')?.status).toBe(S.Deleted);
    expect(workflowLifecycle.can(S.Deleted, 'workflow.saveDraft')).toBe(false);
    expect(workflowLifecycle.statusesAllowing('workflow.delete')).toEqual([S.Draft, S.Submitted]);
  });

  it('starts, pauses, resumes, stops and recovers; a running workflow is not deleted', () => {
    expect(workflowLifecycle.next(S.Draft, 'workflow.start')?.status).toBe(S.Running);
    expect(workflowLifecycle.next(S.Running, 'workflow.pause')?.status).toBe(S.Paused);
    expect(workflowLifecycle.next(S.Paused, 'workflow.resume')?.status).toBe(S.Running);
    expect(workflowLifecycle.next(S.Paused, 'workflow.stop')?.status).toBe(S.Submitted);
    expect(workflowLifecycle.next(S.Submitted, 'workflow.recover')?.status).toBe(S.Running);
    expect(workflowLifecycle.can(S.Running, 'workflow.delete')).toBe(false);
    expect(workflowLifecycle.can(S.Running, 'workflow.start')).toBe(false);
    expect(workflowLifecycle.can(S.Draft, 'workflow.pause')).toBe(false);
    expect(workflowLifecycle.next(S.Running, 'workflow.saveDraft')?.status).toBe(S.Running);
  });
});
