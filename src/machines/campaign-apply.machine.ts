import { applyCampaignMutation } from '../gateway/client/mutations/campaigns';
import type { ActionData } from '../gateway/contract/actions/registry';
import { applyOnceMachine } from './apply-once';
import { campaignLifecycle } from './lifecycles/campaign.machine';

// Applying a campaign at /campaign/apply/{saveId} (issue 14 item 5; docs/decisions.md "Campaigns"): the
// page shows what the campaign will send, to whom and when; "Apply" makes its send task through the
// channel's own rules. The campaign's lifecycle decides whether it can be applied (a Saved one); a refusal
// (balance, limits, a template no longer approved, a schedule now past) keeps it Saved with the reason, and
// Retry applies again: the server's campaign key makes one task however often it is asked.

export type AppliedCampaign = ActionData<'ApplyCampaign'>;

export const campaignApplyMachine = applyOnceMachine<AppliedCampaign>('campaignApply', {
  mutation: applyCampaignMutation,
  applicable: (status) => campaignLifecycle.can(status, 'campaign.apply'),
});
