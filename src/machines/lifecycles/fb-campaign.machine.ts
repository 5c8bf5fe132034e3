import { setup, type SnapshotFrom } from 'xstate';
import { defineLifecycle } from './kit';

// A Facebook campaign (issue 17 item 6; spec 001 §4; docs/decisions.md "Facebook campaigns, ad sets and
// ads"). Created ACTIVE or PAUSED; an edit is IN_PROCESS until the platform has applied it; the platform
// may flag it WITH_ISSUES and clear that; ARCHIVED keeps its numbers but is not run again; DELETED ends it.
export const FB_CAMPAIGN_STATE_STATUS = {
  active: 'ACTIVE',
  paused: 'PAUSED',
  inProcess: 'IN_PROCESS',
  withIssues: 'WITH_ISSUES',
  archived: 'ARCHIVED',
  deleted: 'DELETED',
} as const;

export type FbCampaignEvent =
  | { type: 'object.pause' }
  | { type: 'object.resume' }
  | { type: 'object.edit' }
  | { type: 'platform.applied' }
  | { type: 'platform.issue' }
  | { type: 'platform.resolve' }
  | { type: 'object.archive' }
  | { type: 'object.delete' };

/** The campaign's states; the ad set's are these plus CAMPAIGN_PAUSED (fb-adset.machine.ts). */
export const FB_CAMPAIGN_STATES = {
  active: {
    on: {
      'object.pause': 'paused',
      'object.edit': 'inProcess',
      'platform.issue': 'withIssues',
      'object.archive': 'archived',
      'object.delete': 'deleted',
    },
  },
  paused: {
    on: {
      'object.resume': 'active',
      'object.edit': 'paused',
      'object.archive': 'archived',
      'object.delete': 'deleted',
    },
  },
  inProcess: { on: { 'platform.applied': 'active', 'object.delete': 'deleted' } },
  withIssues: {
    on: {
      'platform.resolve': 'active',
      'object.edit': 'inProcess',
      'object.pause': 'paused',
      'object.delete': 'deleted',
    },
  },
  archived: { on: { 'object.delete': 'deleted' } },
  deleted: { type: 'final' },
} as const;

export const fbCampaignMachine = setup({
  types: { events: {} as FbCampaignEvent },
}).createMachine({
  id: 'fbCampaign',
  initial: 'active',
  states: FB_CAMPAIGN_STATES,
});

export type FbCampaignSnapshot = SnapshotFrom<typeof fbCampaignMachine>;
export const fbCampaignLifecycle = defineLifecycle(fbCampaignMachine, FB_CAMPAIGN_STATE_STATUS);
