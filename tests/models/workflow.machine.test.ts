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
    expect(workflowLifecycle.statusesAllowing('workflow.delete')).toEqual([S.Draft]);
  });

  it('does not pretend a workflow can be submitted, run or paused yet', () => {
    expect(workflowLifecycle.snapshotOf(S.Running)).toBeNull();
    expect(workflowLifecycle.snapshotOf(S.Submitted)).toBeNull();
    expect(workflowLifecycle.snapshotOf(S.Paused)).toBeNull();
  });
});
