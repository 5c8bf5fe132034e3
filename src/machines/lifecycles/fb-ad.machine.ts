import { setup, type SnapshotFrom } from 'xstate';
import { defineLifecycle } from './kit';

// A Facebook ad (issue 17 item 6; spec 001 §4: an ad adds PENDING_REVIEW, DISAPPROVED, PREAPPROVED,
// PENDING_BILLING_INFO, PENDING_CAMPAIGN_PAUSED, PENDING_ADSET_PAUSED; docs/decisions.md "Facebook
// campaigns, ad sets and ads"). Created, it is PENDING_REVIEW: the platform approves it (ACTIVE),
// disapproves it (DISAPPROVED, with a reason), preapproves it (PREAPPROVED, approved on its next review)
// or waits for billing (PENDING_BILLING_INFO). An edit sends it back to review. Pausing its campaign or ad
// set makes it CAMPAIGN_PAUSED / ADSET_PAUSED (PENDING_… while still in review); resuming the parent undoes it.
export const FB_AD_STATE_STATUS = {
  pendingReview: 'PENDING_REVIEW',
  active: 'ACTIVE',
  paused: 'PAUSED',
  disapproved: 'DISAPPROVED',
  preapproved: 'PREAPPROVED',
  pendingBillingInfo: 'PENDING_BILLING_INFO',
  campaignPaused: 'CAMPAIGN_PAUSED',
  adsetPaused: 'ADSET_PAUSED',
  pendingCampaignPaused: 'PENDING_CAMPAIGN_PAUSED',
  pendingAdsetPaused: 'PENDING_ADSET_PAUSED',
  inProcess: 'IN_PROCESS',
  withIssues: 'WITH_ISSUES',
  archived: 'ARCHIVED',
  deleted: 'DELETED',
} as const;

export type FbAdEvent =
  | { type: 'review.approve' }
  | { type: 'review.disapprove' }
  | { type: 'review.preapprove' }
  | { type: 'review.billingMissing' }
  | { type: 'billing.added' }
  | { type: 'object.pause' }
  | { type: 'object.resume' }
  | { type: 'object.edit' }
  | { type: 'platform.issue' }
  /** the platform applies a change of the ad's ad set (budget, schedule) */
  | { type: 'platform.processing' }
  | { type: 'platform.applied' }
  | { type: 'platform.resolve' }
  | { type: 'object.archive' }
  | { type: 'object.delete' }
  | { type: 'campaign.pause' }
  | { type: 'campaign.resume' }
  | { type: 'adset.pause' }
  | { type: 'adset.resume' };

const removable = { 'object.delete': 'deleted' } as const;

export const fbAdMachine = setup({
  types: { events: {} as FbAdEvent },
}).createMachine({
  id: 'fbAd',
  initial: 'pendingReview',
  states: {
    pendingReview: {
      on: {
        'review.approve': 'active',
        'review.disapprove': 'disapproved',
        'review.preapprove': 'preapproved',
        'review.billingMissing': 'pendingBillingInfo',
        'campaign.pause': 'pendingCampaignPaused',
        'adset.pause': 'pendingAdsetPaused',
        ...removable,
      },
    },
    preapproved: { on: { 'review.approve': 'active', 'object.edit': 'pendingReview', ...removable } },
    pendingBillingInfo: { on: { 'billing.added': 'pendingReview', ...removable } },
    disapproved: { on: { 'object.edit': 'pendingReview', ...removable } },
    active: {
      on: {
        'object.pause': 'paused',
        'object.edit': 'pendingReview',
        'platform.issue': 'withIssues',
        'platform.processing': 'inProcess',
        'object.archive': 'archived',
        'campaign.pause': 'campaignPaused',
        'adset.pause': 'adsetPaused',
        ...removable,
      },
    },
    paused: {
      on: { 'object.resume': 'active', 'object.edit': 'pendingReview', 'object.archive': 'archived', ...removable },
    },
    campaignPaused: { on: { 'campaign.resume': 'active', 'object.pause': 'paused', ...removable } },
    adsetPaused: { on: { 'adset.resume': 'active', 'object.pause': 'paused', ...removable } },
    pendingCampaignPaused: {
      on: {
        'campaign.resume': 'pendingReview',
        'review.approve': 'campaignPaused',
        'review.disapprove': 'disapproved',
        ...removable,
      },
    },
    pendingAdsetPaused: {
      on: {
        'adset.resume': 'pendingReview',
        'review.approve': 'adsetPaused',
        'review.disapprove': 'disapproved',
        ...removable,
      },
    },
    inProcess: { on: { 'platform.applied': 'active', ...removable } },
    withIssues: {
      on: { 'platform.resolve': 'active', 'object.edit': 'pendingReview', 'object.pause': 'paused', ...removable },
    },
    archived: { on: { ...removable } },
    deleted: { type: 'final' },
  },
});

export type FbAdSnapshot = SnapshotFrom<typeof fbAdMachine>;
export const fbAdLifecycle = defineLifecycle(fbAdMachine, FB_AD_STATE_STATUS);
