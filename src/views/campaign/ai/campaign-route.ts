import { useParams } from 'wouter';
import type { AiCampaign } from '../../../machines/ai-draft';

// /campaign/create/{channel}-ai/{name}/{aim}: the name is URL-encoded (wouter decodes only what decodeURI
// does, so "/", "?", "#" and "&" come still encoded) and the aim is PLAN_AIM (1 acquisition, 2
// activation; anything else reads as acquisition, docs/decisions.md "Campaigns from AI").

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export function useCampaignFromRoute(): AiCampaign {
  const { name = '', aim } = useParams<{ name: string; aim: string }>();
  return { name: decoded(name), aim: aim === '2' ? 2 : 1 };
}

/** The campaign's editor of one channel with the template chosen: /campaign/create/{channel}-editor/{name}/{aim}. */
export const campaignEditorHref = (channel: 'sms' | 'email', campaign: AiCampaign, templateId: string) =>
  `/campaign/create/${channel}-editor/${encodeURIComponent(campaign.name)}/${campaign.aim}?templateId=${encodeURIComponent(templateId)}&source=ai`;
