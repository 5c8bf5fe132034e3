import { useParams } from 'wouter';
import type { AiCampaign } from '../../../machines/ai-draft';
import { campaignRouteParams } from '../campaign-route';

// /campaign/create/{channel}-ai/{name}/{aim}: read as the editor reads its route (campaignRouteParams);
// null when the name or the aim is not a campaign's, and the page shows BadCampaignLink.
export function useCampaignFromRoute(): AiCampaign | null {
  const params = campaignRouteParams(useParams<{ name: string; aim: string }>());
  return params && { name: params.name, aim: params.aim };
}

/** The campaign's editor of one channel with the template chosen: /campaign/create/{channel}-editor/{name}/{aim}. */
export const campaignEditorHref = (channel: 'sms' | 'email', campaign: AiCampaign, templateId: string) =>
  `/campaign/create/${channel}-editor/${encodeURIComponent(campaign.name)}/${campaign.aim}?templateId=${encodeURIComponent(templateId)}&source=ai`;
