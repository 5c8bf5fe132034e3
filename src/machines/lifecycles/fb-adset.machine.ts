import { setup, type SnapshotFrom } from 'xstate';
import { defineLifecycle } from './kit';
import { FB_CAMPAIGN_STATES } from './fb-campaign.machine';

// A Facebook ad set (issue 17 item 6; spec 001 §4: an ad set adds CAMPAIGN_PAUSED; docs/decisions.md
// "Facebook campaigns, ad sets and ads"). Its own moves are the campaign's; pausing its campaign makes an
// active one CAMPAIGN_PAUSED (resuming the campaign makes it ACTIVE again). It may be paused or deleted
// while its campaign is paused.
export const FB_ADSET_STATE_STATUS = {
  active: 'ACTIVE',
  paused: 'PAUSED',
  campaignPaused: 'CAMPAIGN_PAUSED',
  inProcess: 'IN_PROCESS',
  withIssues: 'WITH_ISSUES',
  archived: 'ARCHIVED',
  deleted: 'DELETED',
} as const;

export type FbAdSetEvent =
  | { type: 'object.pause' }
  | { type: 'object.resume' }
  | { type: 'object.edit' }
  | { type: 'platform.applied' }
  | { type: 'platform.issue' }
  | { type: 'platform.resolve' }
  | { type: 'object.archive' }
  | { type: 'object.delete' }
  | { type: 'campaign.pause' }
  | { type: 'campaign.resume' };

export const fbAdSetMachine = setup({
  types: { events: {} as FbAdSetEvent },
}).createMachine({
  id: 'fbAdSet',
  initial: 'active',
  states: {
    ...FB_CAMPAIGN_STATES,
    active: { on: { ...FB_CAMPAIGN_STATES.active.on, 'campaign.pause': 'campaignPaused' } },
    campaignPaused: {
      on: {
        'campaign.resume': 'active',
        'object.pause': 'paused',
        'object.edit': 'campaignPaused',
        'object.delete': 'deleted',
      },
    },
  },
});

export type FbAdSetSnapshot = SnapshotFrom<typeof fbAdSetMachine>;
export const fbAdSetLifecycle = defineLifecycle(fbAdSetMachine, FB_ADSET_STATE_STATUS);
