import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { campaignApplyMachine, type AppliedCampaign } from '../../src/machines/campaign-apply.machine';
import type { ApplyContext } from '../../src/machines/apply-once';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { CAMPAIGN_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

const applied = {
  CampaignId: 'CP0000000000000001',
  Type: 'sms' as const,
  Status: CAMPAIGN_STATUS.Applied,
  TaskId: 'TK1',
  AccountId: 1,
  SessionNo: 'S1',
  EstimatedCost: 30,
};

testModel('campaign-apply.machine', {
  machine: campaignApplyMachine,
  input: () => ({ id: applied.CampaignId, status: CAMPAIGN_STATUS.Saved }),
  events: {
    'xstate.done.actor.apply': [{ output: applied }],
    'xstate.error.actor.apply': [
      { error: new GatewayError('ApplyCampaign', RetCode.InsufficientBalance, 'Insufficient balance') },
    ],
  },
  serializeState: (s: { value: unknown; context: ApplyContext<AppliedCampaign> }) =>
    JSON.stringify([s.value, s.context.status, s.context.errorCode]),
  states: {
    applied: (s) => expect(s.context.result).toMatchObject({ TaskId: 'TK1', Status: CAMPAIGN_STATUS.Applied }),
    failed: (s) =>
      expect([s.context.error, s.context.errorCode]).toEqual(['Insufficient balance', RetCode.InsufficientBalance]),
  },
});

describe('applying a campaign', () => {
  it('applies only a Saved campaign', () => {
    const actor = createActor(campaignApplyMachine, {
      input: { id: applied.CampaignId, status: CAMPAIGN_STATUS.Applied },
    }).start();
    expect(actor.getSnapshot().can({ type: 'apply.confirm' })).toBe(false);
    actor.send({ type: 'apply.confirm' });
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
