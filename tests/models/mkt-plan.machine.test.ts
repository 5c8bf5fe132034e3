import { describe, expect, it } from 'vitest';
import { mktPlanLifecycle, mktPlanMachine } from '../../src/machines/lifecycles/mkt-plan.machine';
import { MKT_PLAN_STATUS as S } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('mkt-plan.machine', { machine: mktPlanMachine });

describe('marketing plan lifecycle rules', () => {
  it('goes Draft, Submitted, Applied; a submitted plan goes back to draft when saved as one', () => {
    expect(mktPlanLifecycle.next(S.Draft, 'plan.saveDraft')?.status).toBe(S.Draft);
    expect(mktPlanLifecycle.next(S.Draft, 'plan.submit')?.status).toBe(S.Submitted);
    expect(mktPlanLifecycle.next(S.Submitted, 'plan.apply')?.status).toBe(S.Applied);
    expect(mktPlanLifecycle.next(S.Submitted, 'plan.saveDraft')?.status).toBe(S.Draft);
  });

  it('applies only a submitted plan, edits no applied one, deletes any but a deleted one', () => {
    expect(mktPlanLifecycle.statusesAllowing('plan.apply')).toEqual([S.Submitted]);
    expect(mktPlanLifecycle.can(S.Applied, 'plan.saveDraft')).toBe(false);
    expect(mktPlanLifecycle.can(S.Applied, 'plan.apply')).toBe(false);
    expect(mktPlanLifecycle.statusesAllowing('plan.delete')).toEqual([S.Draft, S.Submitted, S.Applied]);
    expect(mktPlanLifecycle.can(S.Deleted, 'plan.saveDraft')).toBe(false);
  });
});
