import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { planApplyMachine, type AppliedPlan } from '../../src/machines/plan-apply.machine';
import type { ApplyContext } from '../../src/machines/apply-once';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { MKT_PLAN_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

const applied: AppliedPlan = { PlanId: 'MP0000000000000001', Status: MKT_PLAN_STATUS.Applied, SeqId: 'SQ1' };

testModel('plan-apply.machine', {
  machine: planApplyMachine,
  input: () => ({ id: applied.PlanId, status: MKT_PLAN_STATUS.Submitted }),
  events: {
    'xstate.done.actor.apply': [{ output: applied }],
    'xstate.error.actor.apply': [
      { error: new GatewayError('ApplyMKTPlan', RetCode.IllegalTransition, 'This change is not allowed now') },
    ],
  },
  serializeState: (s: { value: unknown; context: ApplyContext<AppliedPlan> }) =>
    JSON.stringify([s.value, s.context.status, s.context.errorCode]),
  states: {
    applied: (s) => expect(s.context.result).toMatchObject({ SeqId: 'SQ1', Status: MKT_PLAN_STATUS.Applied }),
    failed: (s) => expect(s.context.errorCode).toBe(RetCode.IllegalTransition),
  },
});

describe('applying a plan', () => {
  it('applies only a Submitted plan', () => {
    for (const status of [MKT_PLAN_STATUS.Draft, MKT_PLAN_STATUS.Applied]) {
      const actor = createActor(planApplyMachine, { input: { id: applied.PlanId, status } }).start();
      expect(actor.getSnapshot().can({ type: 'apply.confirm' })).toBe(false);
    }
  });
});
