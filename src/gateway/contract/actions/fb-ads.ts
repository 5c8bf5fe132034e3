import { z } from 'zod';
import { defineAction } from './define';
import { pageFields } from './sms-common';
import { idempotencyKeyField } from './subscriptions';
import { adAccountIdField } from './advertising';
import { AI_LANGUAGES, AI_TONES, aiBriefField } from './ai-text';
import {
  FB_LEVELS,
  FB_LIMITS,
  fbAdIssues,
  fbAdSetIssues,
  fbCampaignIssues,
  type FbAdFields,
  type FbAdSetFields,
  type FbCampaignFields,
  type FbRuleIssue,
} from '../fb-ads';

// Facebook campaigns, ad sets and ads (issue 17 item 6; docs/decisions.md "Facebook campaigns, ad sets and
// ads"). Spec 000 §7 does not name these calls: the names are Herald's. Every call names the caller's
// opened Facebook ad account (AccountId); the level's rules are the pure ones of ../fb-ads.ts.

const refineWith =
  <T>(rules: (value: T) => FbRuleIssue[]) =>
  (value: T, ctx: z.RefinementCtx) => {
    for (const issue of rules(value)) ctx.addIssue({ code: 'custom', path: [issue.Field], message: issue.Key });
  };

const name = z
  .string()
  .trim()
  .max(FB_LIMITS.nameMax + 50);
const choice = z.string().trim().max(40);
const cents = z.number();
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max + 100);

export const fbCampaignFields = z
  .object({ Name: name, Objective: choice, BuyingType: choice, SpendCap: cents.default(0) })
  .strict()
  .superRefine(refineWith<FbCampaignFields>(fbCampaignIssues));

export const fbAdSetFields = z
  .object({
    Name: name,
    BidStrategy: choice,
    BidAmount: cents,
    BillingEvent: choice,
    OptimizationGoal: choice,
    BudgetType: choice,
    DailyBudget: cents.default(0),
    LifetimeBudget: cents.default(0),
    StartDate: z.string().max(10),
    EndDate: z.string().max(10).default(''),
    Locations: z.array(z.string().max(2)).max(FB_LIMITS.locationsMax),
  })
  .strict()
  .superRefine(refineWith<FbAdSetFields>(fbAdSetIssues));

export const fbAdFields = z
  .object({
    Name: name,
    PrimaryText: text(FB_LIMITS.primaryTextMax),
    Headline: text(FB_LIMITS.headlineMax),
    Description: text(FB_LIMITS.descriptionMax).default(''),
    MediaFileId: z.string().trim().max(64).default(''),
    CallToAction: choice,
    Link: text(FB_LIMITS.linkMax),
  })
  .strict()
  .superRefine(refineWith<FbAdFields>(fbAdIssues));

const objectId = z
  .string()
  .trim()
  .regex(/^[0-9]{6,24}$/, 'validation:invalid');
const levelField = z.enum(FB_LEVELS);

const stats = z.object({ Spend: z.number(), Impressions: z.number(), Clicks: z.number(), Conversions: z.number() });
const fbObject = z.object({
  Id: z.string(),
  Level: levelField,
  ParentId: z.string(),
  Name: z.string(),
  Status: z.string(),
  ReviewReason: z.string(),
  Fields: z.record(z.string(), z.unknown()),
  /** totals of the object's ads' daily figures; Spend in units (10,000 per currency unit) */
  Stats: stats,
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type FbObject = z.infer<typeof fbObject>;
const fbCampaignTree = fbObject.extend({
  AdSets: z.array(fbObject.extend({ Ads: z.array(fbObject) })),
});
export type FbCampaignTree = z.infer<typeof fbCampaignTree>;

const account = { AccountId: adAccountIdField };
const created = z.object({ CampaignId: z.string(), AdSetId: z.string(), AdId: z.string() });

/** Spec 001 §4's campaign list actions: pause/resume/archive/delete are Herald's status moves. */
export const FB_STATUS_ACTIONS = ['pause', 'resume', 'archive', 'delete'] as const;

export const fbAdActions = {
  /** The account's campaigns with their ad sets and ads (not deleted), newest first. */
  ListFbCampaign: defineAction(
    'user',
    z.object({ ...account, ...pageFields, Keyword: z.string().trim().max(64).optional() }).strict(),
    z.object({ Total: z.number(), Currency: z.string(), TimeZone: z.string(), Campaigns: z.array(fbCampaignTree) }),
  ),
  /** One object for the editor. */
  GetFbObject: defineAction(
    'user',
    z.object({ ...account, Level: levelField, Id: objectId }).strict(),
    z.object({ Object: fbObject, CampaignName: z.string(), AdSetName: z.string() }),
  ),
  /** The ad-create wizard: a campaign, its first ad set and its first ad, checked together before any is sent. */
  CreateFbCampaign: defineAction(
    'user',
    z
      .object({
        ...account,
        Campaign: fbCampaignFields,
        AdSet: fbAdSetFields,
        Ad: fbAdFields,
        IdempotencyKey: idempotencyKeyField.optional(),
      })
      .strict(),
    created,
  ),
  /** An ad set and its first ad under an existing campaign. */
  CreateFbAdSet: defineAction(
    'user',
    z
      .object({
        ...account,
        CampaignId: objectId,
        AdSet: fbAdSetFields,
        Ad: fbAdFields,
        IdempotencyKey: idempotencyKeyField.optional(),
      })
      .strict(),
    created,
  ),
  /** An ad under an existing ad set. */
  CreateFbAd: defineAction(
    'user',
    z
      .object({ ...account, AdSetId: objectId, Ad: fbAdFields, IdempotencyKey: idempotencyKeyField.optional() })
      .strict(),
    created,
  ),
  /** Campaign list action save (4): the campaign's fields. */
  UpdateFbCampaign: defineAction(
    'user',
    z.object({ ...account, Id: objectId, Campaign: fbCampaignFields }).strict(),
    z.object({ Object: fbObject }),
  ),
  UpdateFbAdSet: defineAction(
    'user',
    z.object({ ...account, Id: objectId, AdSet: fbAdSetFields }).strict(),
    z.object({ Object: fbObject }),
  ),
  /** An edited ad goes back to review. */
  UpdateFbAd: defineAction(
    'user',
    z.object({ ...account, Id: objectId, Ad: fbAdFields }).strict(),
    z.object({ Object: fbObject }),
  ),
  /** Pause, resume, archive or delete one object; a campaign's or ad set's children follow (lifecycles). */
  SetFbObjectStatus: defineAction(
    'user',
    z.object({ ...account, Level: levelField, Id: objectId, Move: z.enum(FB_STATUS_ACTIONS) }).strict(),
    z.object({ Object: fbObject }),
  ),
  /** Campaign list action copy (1): the campaigns with their ad sets and ads, created PAUSED under new names. */
  CopyFbCampaign: defineAction(
    'user',
    z.object({ ...account, Ids: z.array(objectId).min(1).max(20) }).strict(),
    z.object({ Ids: z.array(z.string()) }),
  ),
  /** Campaign list action download (3): the account's campaigns, ad sets and ads as CSV. */
  DownloadFbCampaign: defineAction(
    'user',
    z.object({ ...account, Ids: z.array(objectId).max(200).optional() }).strict(),
    z.object({}),
    { reply: 'file' },
  ),
  /** ad-generate: primary text, headline and description from a brief; one use of AIGCRequestLimit. */
  GenerateFbAdCopy: defineAction(
    'user',
    z
      .object({
        ...account,
        Brief: aiBriefField,
        Language: z.enum(AI_LANGUAGES),
        Tone: z.enum(AI_TONES).default('persuasive'),
      })
      .strict(),
    z.object({
      PrimaryText: z.string(),
      Headline: z.string(),
      Description: z.string(),
      Usage: z.object({ Used: z.number(), Limit: z.number() }),
    }),
  ),
} as const;
