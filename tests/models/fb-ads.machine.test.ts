import { describe, expect, it } from 'vitest';
import { fbCampaignLifecycle, fbCampaignMachine } from '../../src/machines/lifecycles/fb-campaign.machine';
import { fbAdSetLifecycle, fbAdSetMachine } from '../../src/machines/lifecycles/fb-adset.machine';
import { fbAdLifecycle, fbAdMachine } from '../../src/machines/lifecycles/fb-ad.machine';
import { FB_AD_STATUSES, FB_ADSET_STATUSES, FB_CAMPAIGN_STATUSES } from '../../src/gateway/contract/fb-ads';
import { testModel } from './harness';

testModel('fb-campaign.machine', { machine: fbCampaignMachine });
testModel('fb-adset.machine', { machine: fbAdSetMachine });
testModel('fb-ad.machine', { machine: fbAdMachine });

describe('Facebook ad object lifecycles', () => {
  it('cover exactly the statuses spec 001 §4 gives each level', () => {
    expect([...fbCampaignLifecycle.statuses].sort()).toEqual([...FB_CAMPAIGN_STATUSES].sort());
    expect([...fbAdSetLifecycle.statuses].sort()).toEqual([...FB_ADSET_STATUSES].sort());
    expect([...fbAdLifecycle.statuses].sort()).toEqual([...FB_AD_STATUSES].sort());
  });

  it('pause and resume a campaign; a deleted one moves no more', () => {
    expect(fbCampaignLifecycle.next('ACTIVE', 'object.pause')?.status).toBe('PAUSED');
    expect(fbCampaignLifecycle.next('PAUSED', 'object.resume')?.status).toBe('ACTIVE');
    expect(fbCampaignLifecycle.can('DELETED', 'object.resume')).toBe(false);
    expect(fbCampaignLifecycle.can('ARCHIVED', 'object.resume')).toBe(false);
  });

  it('an ad set waits in CAMPAIGN_PAUSED while its campaign is paused', () => {
    expect(fbAdSetLifecycle.next('ACTIVE', 'campaign.pause')?.status).toBe('CAMPAIGN_PAUSED');
    expect(fbAdSetLifecycle.next('CAMPAIGN_PAUSED', 'campaign.resume')?.status).toBe('ACTIVE');
    // a paused ad set stays paused when its campaign resumes
    expect(fbAdSetLifecycle.can('PAUSED', 'campaign.resume')).toBe(false);
  });

  it('an ad is reviewed, and an edit sends it back to review', () => {
    expect(fbAdLifecycle.statuses[0]).toBe('PENDING_REVIEW');
    expect(fbAdLifecycle.next('PENDING_REVIEW', 'review.approve')?.status).toBe('ACTIVE');
    expect(fbAdLifecycle.next('PENDING_REVIEW', 'review.disapprove')?.status).toBe('DISAPPROVED');
    expect(fbAdLifecycle.next('DISAPPROVED', 'object.edit')?.status).toBe('PENDING_REVIEW');
    expect(fbAdLifecycle.next('ACTIVE', 'object.edit')?.status).toBe('PENDING_REVIEW');
    expect(fbAdLifecycle.can('DISAPPROVED', 'object.resume')).toBe(false);
  });

  it("an ad follows its parents' pauses, with pending forms while in review", () => {
    expect(fbAdLifecycle.next('ACTIVE', 'campaign.pause')?.status).toBe('CAMPAIGN_PAUSED');
    expect(fbAdLifecycle.next('ACTIVE', 'adset.pause')?.status).toBe('ADSET_PAUSED');
    expect(fbAdLifecycle.next('PENDING_REVIEW', 'campaign.pause')?.status).toBe('PENDING_CAMPAIGN_PAUSED');
    expect(fbAdLifecycle.next('PENDING_CAMPAIGN_PAUSED', 'review.approve')?.status).toBe('CAMPAIGN_PAUSED');
    expect(fbAdLifecycle.next('PENDING_ADSET_PAUSED', 'adset.resume')?.status).toBe('PENDING_REVIEW');
    expect(fbAdLifecycle.statusesAllowing('object.resume')).toEqual(['PAUSED']);
  });
});
