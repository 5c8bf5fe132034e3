import { CAMPAIGN_STATUS } from '../../gateway/contract/statuses';
import type { BadgeTone } from '../ui/Badge';

// How a campaign shows in the list (mkthub) and on its own pages (campaign): words and colours.

/** The mkthub key of a campaign status (1 Saved, 2 Applied). */
export const campaignStatusKey = (status: number) =>
  status === CAMPAIGN_STATUS.Applied ? ('campaigns.status.applied' as const) : ('campaigns.status.saved' as const);

export const CAMPAIGN_STATUS_TONE: Record<number, BadgeTone> = {
  [CAMPAIGN_STATUS.Saved]: 'info',
  [CAMPAIGN_STATUS.Applied]: 'success',
};

/** The route of a campaign's page for its state: apply a saved one, see an applied one. */
export const campaignPath = (campaign: { CampaignId: string; Type: string; Status: number }) =>
  campaign.Status === CAMPAIGN_STATUS.Applied
    ? `/campaign/detail/${campaign.CampaignId}/${campaign.Type}`
    : `/campaign/apply/${campaign.CampaignId}`;

/** The chooser of a new campaign: editor or AI for the channel. */
export const newCampaignPath = (name: string, aim: number, type: string) =>
  `/campaign/create/${encodeURIComponent(name)}/${aim}/${type}`;
