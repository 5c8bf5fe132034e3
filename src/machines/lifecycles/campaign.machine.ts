import { setup, type SnapshotFrom } from 'xstate';
import { CAMPAIGN_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// A campaign (issue 14 item 5; docs/decisions.md "Campaigns"): a named send of one channel to a list or a
// segment. Saving it from the editor keeps it Saved (saved again as often as wanted); applying it makes its
// send task, once, and it is Applied: from then on the task is the campaign's sending, so it is no longer
// edited, only copied or deleted (the task stays).
export const CAMPAIGN_STATE_STATUS = {
  saved: CAMPAIGN_STATUS.Saved,
  applied: CAMPAIGN_STATUS.Applied,
  deleted: CAMPAIGN_STATUS.Deleted,
} as const;

export type CampaignEvent = { type: 'campaign.save' } | { type: 'campaign.apply' } | { type: 'campaign.delete' };

export const campaignMachine = setup({
  types: { events: {} as CampaignEvent },
}).createMachine({
  id: 'campaign',
  initial: 'saved',
  states: {
    saved: { on: { 'campaign.save': 'saved', 'campaign.apply': 'applied', 'campaign.delete': 'deleted' } },
    applied: { on: { 'campaign.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type CampaignSnapshot = SnapshotFrom<typeof campaignMachine>;

export const campaignLifecycle = defineLifecycle(campaignMachine, CAMPAIGN_STATE_STATUS);
