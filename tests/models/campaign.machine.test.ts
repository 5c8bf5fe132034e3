import { describe, expect, it } from 'vitest';
import { campaignLifecycle, campaignMachine } from '../../src/machines/lifecycles/campaign.machine';
import { CAMPAIGN_STATUS as S } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('campaign.machine', { machine: campaignMachine });

describe('campaign lifecycle rules', () => {
  it('saves a saved campaign again and applies it once', () => {
    expect(campaignLifecycle.next(S.Saved, 'campaign.save')?.status).toBe(S.Saved);
    expect(campaignLifecycle.next(S.Saved, 'campaign.apply')?.status).toBe(S.Applied);
    expect(campaignLifecycle.can(S.Applied, 'campaign.apply')).toBe(false);
  });

  it('edits no applied campaign and deletes any but a deleted one', () => {
    expect(campaignLifecycle.can(S.Applied, 'campaign.save')).toBe(false);
    expect(campaignLifecycle.statusesAllowing('campaign.delete')).toEqual([S.Saved, S.Applied]);
    expect(campaignLifecycle.can(S.Deleted, 'campaign.save')).toBe(false);
  });
});
