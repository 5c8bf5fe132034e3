import { CAMPAIGN_TYPES, type CampaignType } from '../../gateway/contract/actions/campaigns';
import { PLAN_AIMS, type PlanAim } from '../../gateway/contract/actions/mkt-plans';
import { campaignNameField } from '../../gateway/contract/actions/sms-common';

/** The route's {name}/{aim}/{type}, or null when one of them is not a campaign's (a typed or old link). */
export function campaignRouteParams(raw: { name?: string; aim?: string; type?: string }) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.name ?? '');
  } catch {
    return null;
  }
  const name = campaignNameField.safeParse(decoded);
  const aim = Number(raw.aim) as PlanAim;
  const type = (raw.type ?? 'sms') as CampaignType;
  if (!name.success || !PLAN_AIMS.includes(aim) || !CAMPAIGN_TYPES.includes(type)) return null;
  return { name: name.data, aim, type };
}
