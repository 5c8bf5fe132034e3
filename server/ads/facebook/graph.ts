import type { FbAdFields, FbAdSetFields, FbCampaignFields } from '../../../src/gateway/contract/fb-ads';
import type { GraphAd, GraphAdSet, GraphCampaign, GraphStatus } from '../../platforms/ads/fb-marketing';
import { offsetHoursOf } from '../../../src/gateway/contract/advertising';

// Herald's fields of each level in the Marketing API's shape (fb-marketing.ts).

export function graphCampaignOf(fields: FbCampaignFields, status: GraphStatus): GraphCampaign {
  return {
    name: fields.Name.trim(),
    objective: fields.Objective,
    buying_type: fields.BuyingType,
    special_ad_categories: [],
    ...(fields.SpendCap > 0 ? { spend_cap: fields.SpendCap } : {}),
    status,
  };
}

/** "2026-12-01" at midnight in the account's offset ("UTC+8" → 2026-12-01T00:00:00+0800). */
export function graphTimeOf(day: string, timeZone: string): string {
  const hours = offsetHoursOf(timeZone);
  const sign = hours < 0 ? '-' : '+';
  const abs = Math.abs(hours);
  const hh = String(Math.floor(abs)).padStart(2, '0');
  const mm = String(Math.round((abs % 1) * 60)).padStart(2, '0');
  return `${day}T00:00:00${sign}${hh}${mm}`;
}

export function graphAdSetOf(
  fields: FbAdSetFields,
  campaignId: string,
  timeZone: string,
  status: GraphStatus,
): GraphAdSet {
  return {
    name: fields.Name.trim(),
    campaign_id: campaignId,
    bid_strategy: fields.BidStrategy,
    bid_amount: fields.BidAmount,
    billing_event: fields.BillingEvent,
    optimization_goal: fields.OptimizationGoal,
    ...(fields.BudgetType === 'DAILY'
      ? { daily_budget: fields.DailyBudget }
      : { lifetime_budget: fields.LifetimeBudget }),
    start_time: graphTimeOf(fields.StartDate, timeZone),
    ...(fields.EndDate ? { end_time: graphTimeOf(fields.EndDate, timeZone) } : {}),
    targeting: { geo_locations: { countries: fields.Locations } },
    status,
  };
}

export function graphAdOf(fields: FbAdFields, adSetId: string, status: GraphStatus, mediaUrl = ''): GraphAd {
  return {
    name: fields.Name.trim(),
    adset_id: adSetId,
    creative: {
      object_story_spec: {
        link_data: {
          message: fields.PrimaryText,
          name: fields.Headline,
          ...(fields.Description ? { description: fields.Description } : {}),
          link: fields.Link,
          ...(mediaUrl ? { picture: mediaUrl } : {}),
          call_to_action: { type: fields.CallToAction, value: { link: fields.Link } },
        },
      },
    },
    status,
  };
}

/** What Herald asks the platform to run an object at (its configured status, not the effective one). */
export function graphStatusOf(status: string): GraphStatus {
  if (status === 'PAUSED') return 'PAUSED';
  if (status === 'ARCHIVED') return 'ARCHIVED';
  if (status === 'DELETED') return 'DELETED';
  return 'ACTIVE';
}
