// The Facebook Marketing API as Herald uses it (issue 17 item 6; docs/decisions.md "Facebook campaigns, ad
// sets and ads"): campaign, ad set and ad create / update / status / delete in the Graph API's shape
// (POST act_{id}/campaigns, POST {id}, DELETE {id}), the review of an ad, and an ad's daily insights.
// Money is in the account currency's cents, as the Graph API counts budgets and bids.

export type GraphStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'DELETED';

/** POST act_{ad_account_id}/campaigns */
export interface GraphCampaign {
  name: string;
  objective: string;
  buying_type: string;
  special_ad_categories: string[];
  /** cents; absent = no cap */
  spend_cap?: number;
  status: GraphStatus;
}

/** POST act_{ad_account_id}/adsets */
export interface GraphAdSet {
  name: string;
  campaign_id: string;
  bid_strategy: string;
  bid_amount: number;
  billing_event: string;
  optimization_goal: string;
  daily_budget?: number;
  lifetime_budget?: number;
  /** ISO 8601 with the account's offset */
  start_time: string;
  end_time?: string;
  targeting: { geo_locations: { countries: string[] } };
  status: GraphStatus;
}

/** POST act_{ad_account_id}/ads (the creative inline, as object_story_spec.link_data) */
export interface GraphAd {
  name: string;
  adset_id: string;
  creative: {
    object_story_spec: {
      link_data: {
        message: string;
        name: string;
        description?: string;
        link: string;
        /** a library file's address (the sandbox does not fetch it) */
        picture?: string;
        call_to_action: { type: string; value: { link: string } };
      };
    };
  };
  status: GraphStatus;
}

export type GraphObject = GraphCampaign | GraphAdSet | GraphAd;
export type GraphEdge = 'campaigns' | 'adsets' | 'ads';

/** The platform's review of an ad (the Graph API's effective_status and its ad_review_feedback). */
export type FbAdReview =
  { status: 'ACTIVE' | 'PREAPPROVED' | 'PENDING_BILLING_INFO' } | { status: 'DISAPPROVED'; reason: string };

/** One ad's figures for one day (GET {ad_id}/insights?time_increment=1). */
export interface FbAdDayInsights {
  /** cents */
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

export class FbMarketingRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'FbMarketingRefused';
  }
}

export interface FbMarketingApi {
  /** Creates an object under the ad account; `sequence` is Herald's row id (the sandbox derives ids from it). */
  create(accountId: string, edge: GraphEdge, object: GraphObject, sequence: number): Promise<{ id: string }>;
  /** Changes an object's fields (POST {id}). */
  update(objectId: string, fields: Partial<GraphObject>): Promise<{ success: true }>;
  /** Sets an object's status (POST {id} status=…). */
  setStatus(objectId: string, status: GraphStatus): Promise<{ success: true }>;
  /** Deletes an object (DELETE {id}). */
  remove(objectId: string): Promise<{ success: true }>;
  /** Reviews an ad as the platform does after it was created or edited. */
  reviewAd(adId: string, ad: GraphAd): Promise<FbAdReview>;
  /** An ad's figures for one day (YYYY-MM-DD in the account's time zone); `dailyCapCents` bounds its spend. */
  dayInsights(adId: string, day: string, dailyCapCents: number): Promise<FbAdDayInsights>;
}
