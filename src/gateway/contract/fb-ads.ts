// Facebook campaigns, ad sets and ads (issue 17 item 6; spec 001 §3, §4, §9; docs/decisions.md
// "Facebook campaigns, ad sets and ads"). Pure: the ad-create wizard checks these rules as the user types
// and the server checks them again before anything reaches the platform. Each problem names its field and
// a `validation:fb…` key. Money is in the ad account currency's cents, as the Marketing API counts it.

/** Spec 001 §4: the statuses every level knows. */
export const FB_BASE_STATUSES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED', 'IN_PROCESS', 'WITH_ISSUES'] as const;
export const FB_CAMPAIGN_STATUSES = FB_BASE_STATUSES;
/** An ad set adds CAMPAIGN_PAUSED. */
export const FB_ADSET_STATUSES = [...FB_BASE_STATUSES, 'CAMPAIGN_PAUSED'] as const;
/** An ad adds the review states and its parents' pauses (with their pending-review forms). */
export const FB_AD_STATUSES = [
  ...FB_BASE_STATUSES,
  'PENDING_REVIEW',
  'DISAPPROVED',
  'PREAPPROVED',
  'PENDING_BILLING_INFO',
  'CAMPAIGN_PAUSED',
  'ADSET_PAUSED',
  'PENDING_CAMPAIGN_PAUSED',
  'PENDING_ADSET_PAUSED',
] as const;
export type FbCampaignStatus = (typeof FB_CAMPAIGN_STATUSES)[number];
export type FbAdSetStatus = (typeof FB_ADSET_STATUSES)[number];
export type FbAdStatus = (typeof FB_AD_STATUSES)[number];
export type FbStatus = FbCampaignStatus | FbAdSetStatus | FbAdStatus;

export const FB_LEVELS = ['campaign', 'adset', 'ad'] as const;
export type FbLevel = (typeof FB_LEVELS)[number];

/** Issue 17 item 6: the only objective, optimisation goal and buying type Herald offers. */
export const FB_OBJECTIVES = ['OUTCOME_SALES'] as const;
export const FB_OPTIMIZATION_GOALS = ['OFFSITE_CONVERSIONS'] as const;
export const FB_BUYING_TYPES = ['AUCTION'] as const;
export const FB_BILLING_EVENTS = ['IMPRESSIONS'] as const;
/** Cost cap (the bid amount is the average cost Herald asks for) and lowest cost with a bid cap. */
export const FB_BID_STRATEGIES = ['COST_CAP', 'LOWEST_COST_WITH_BID_CAP'] as const;
export type FbBidStrategy = (typeof FB_BID_STRATEGIES)[number];
export const FB_BUDGET_TYPES = ['DAILY', 'LIFETIME'] as const;
export type FbBudgetType = (typeof FB_BUDGET_TYPES)[number];

/** Spec 001 §9: the call-to-action buttons of a creative. */
export const FB_CALL_TO_ACTIONS = [
  'DOWNLOAD',
  'GET_OFFER',
  'GET_QUOTE',
  'GET_SHOWTIMES',
  'LEARN_MORE',
  'LISTEN_NOW',
  'ORDER_NOW',
  'PLAY_GAME',
  'REQUEST_TIME',
  'SHOP_NOW',
  'SIGN_UP',
  'SUBSCRIBE',
  'WATCH_MORE',
  'APPLY_NOW',
  'BOOK_NOW',
  'BUY_TICKETS',
  'CONTACT_US',
] as const;
export type FbCallToAction = (typeof FB_CALL_TO_ACTIONS)[number];

/** Spec 001 §4: campaign list actions. */
export const FB_CAMPAIGN_LIST_ACTION = { Copy: 1, Download: 3, Save: 4 } as const;

/** Where an ad may be shown (ISO 3166 alpha-2; a short list, docs/decisions.md). */
export const FB_LOCATIONS = [
  'US',
  'GB',
  'CA',
  'AU',
  'DE',
  'FR',
  'JP',
  'SG',
  'HK',
  'TW',
  'MY',
  'TH',
  'ID',
  'PH',
  'VN',
  'BR',
  'MX',
] as const;

export const FB_LIMITS = {
  nameMax: 100,
  primaryTextMax: 2200,
  headlineMax: 255,
  descriptionMax: 255,
  linkMax: 1000,
  /** cents: a budget or a bid of at most 10,000,000.00 */
  amountMax: 1_000_000_000,
  /** cents: Facebook's smallest daily budget, 1.00 */
  dailyBudgetMin: 100,
  locationsMax: 25,
} as const;

export interface FbCampaignFields {
  Name: string;
  Objective: string;
  BuyingType: string;
  /** cents; 0 = no spend cap */
  SpendCap: number;
}

export interface FbAdSetFields {
  Name: string;
  BidStrategy: string;
  /** cents; the cost cap or the bid cap */
  BidAmount: number;
  BillingEvent: string;
  OptimizationGoal: string;
  BudgetType: string;
  /** cents, when BudgetType is DAILY */
  DailyBudget: number;
  /** cents, when BudgetType is LIFETIME */
  LifetimeBudget: number;
  /** YYYY-MM-DD in the ad account's time zone */
  StartDate: string;
  /** YYYY-MM-DD; required with a lifetime budget */
  EndDate: string;
  Locations: string[];
}

export interface FbAdFields {
  Name: string;
  PrimaryText: string;
  Headline: string;
  Description: string;
  /** a library file id (image or video); '' = none */
  MediaFileId: string;
  CallToAction: string;
  Link: string;
}

export interface FbRuleIssue {
  Field: string;
  Key: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LINK = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const wholeCents = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function nameIssues(name: unknown): FbRuleIssue[] {
  const text = typeof name === 'string' ? name.trim() : '';
  if (!text) return [{ Field: 'Name', Key: 'validation:required' }];
  if (text.length > FB_LIMITS.nameMax) return [{ Field: 'Name', Key: 'validation:fbNameTooLong' }];
  return [];
}

function amountIssue(field: string, value: unknown, { required, min = 1 }: { required: boolean; min?: number }) {
  if (!required && (value === 0 || value === undefined)) return [];
  if (!wholeCents(value)) return [{ Field: field, Key: 'validation:fbAmountInvalid' }];
  if (value < 0) return [{ Field: field, Key: 'validation:fbAmountNegative' }];
  if (value < min)
    return [
      { Field: field, Key: field === 'DailyBudget' ? 'validation:fbDailyBudgetMin' : 'validation:fbAmountPositive' },
    ];
  if (value > FB_LIMITS.amountMax) return [{ Field: field, Key: 'validation:fbAmountTooLarge' }];
  return [];
}

const choiceIssue = (field: string, value: unknown, choices: readonly string[]): FbRuleIssue[] =>
  typeof value === 'string' && choices.includes(value) ? [] : [{ Field: field, Key: 'validation:required' }];

export function fbCampaignIssues(values: Partial<FbCampaignFields>): FbRuleIssue[] {
  return [
    ...nameIssues(values.Name),
    ...choiceIssue('Objective', values.Objective, FB_OBJECTIVES),
    ...choiceIssue('BuyingType', values.BuyingType, FB_BUYING_TYPES),
    ...amountIssue('SpendCap', values.SpendCap ?? 0, { required: false }),
  ];
}

/**
 * An ad set's rules: a daily xor a lifetime budget; a lifetime budget needs an end date after the start;
 * a bid amount above zero for either bid strategy; an end date, when given, after the start.
 */
export function fbAdSetIssues(values: Partial<FbAdSetFields>): FbRuleIssue[] {
  const issues = [
    ...nameIssues(values.Name),
    ...choiceIssue('BidStrategy', values.BidStrategy, FB_BID_STRATEGIES),
    ...amountIssue('BidAmount', values.BidAmount, { required: true }),
    ...choiceIssue('BillingEvent', values.BillingEvent, FB_BILLING_EVENTS),
    ...choiceIssue('OptimizationGoal', values.OptimizationGoal, FB_OPTIMIZATION_GOALS),
    ...choiceIssue('BudgetType', values.BudgetType, FB_BUDGET_TYPES),
  ];
  const daily = values.DailyBudget ?? 0;
  const lifetime = values.LifetimeBudget ?? 0;
  if (values.BudgetType === 'DAILY') {
    issues.push(...amountIssue('DailyBudget', daily, { required: true, min: FB_LIMITS.dailyBudgetMin }));
    if (lifetime !== 0) issues.push({ Field: 'LifetimeBudget', Key: 'validation:fbOneBudgetOnly' });
  } else if (values.BudgetType === 'LIFETIME') {
    issues.push(...amountIssue('LifetimeBudget', lifetime, { required: true }));
    if (daily !== 0) issues.push({ Field: 'DailyBudget', Key: 'validation:fbOneBudgetOnly' });
  }
  const start = values.StartDate ?? '';
  const end = values.EndDate ?? '';
  if (!isDate(start))
    issues.push({ Field: 'StartDate', Key: start ? 'validation:fbDateInvalid' : 'validation:required' });
  if (end && !isDate(end)) issues.push({ Field: 'EndDate', Key: 'validation:fbDateInvalid' });
  else if (!end && values.BudgetType === 'LIFETIME')
    issues.push({ Field: 'EndDate', Key: 'validation:fbLifetimeNeedsEnd' });
  else if (end && isDate(start) && end <= start) issues.push({ Field: 'EndDate', Key: 'validation:fbEndAfterStart' });
  const locations = values.Locations ?? [];
  if (locations.length === 0) issues.push({ Field: 'Locations', Key: 'validation:fbLocationsRequired' });
  else if (
    locations.some((l) => !(FB_LOCATIONS as readonly string[]).includes(l)) ||
    new Set(locations).size !== locations.length
  )
    issues.push({ Field: 'Locations', Key: 'validation:fbLocationsInvalid' });
  return issues;
}

export function fbAdIssues(values: Partial<FbAdFields>): FbRuleIssue[] {
  const issues = nameIssues(values.Name);
  const text = (field: keyof FbAdFields, max: number, required: boolean) => {
    const value = typeof values[field] === 'string' ? (values[field] as string).trim() : '';
    if (!value && required) issues.push({ Field: field, Key: 'validation:required' });
    else if (value.length > max) issues.push({ Field: field, Key: 'validation:fbTextTooLong' });
  };
  text('PrimaryText', FB_LIMITS.primaryTextMax, true);
  text('Headline', FB_LIMITS.headlineMax, true);
  text('Description', FB_LIMITS.descriptionMax, false);
  issues.push(...choiceIssue('CallToAction', values.CallToAction, FB_CALL_TO_ACTIONS));
  const link = (values.Link ?? '').trim();
  if (!link) issues.push({ Field: 'Link', Key: 'validation:required' });
  else if (!LINK.test(link) || link.length > FB_LIMITS.linkMax)
    issues.push({ Field: 'Link', Key: 'validation:adLinkScheme' });
  return issues;
}

/** Names are unique per ad account per level, compared trimmed and without case. */
export const fbNameKey = (name: string) => name.trim().toLowerCase();
export const fbNameTaken = (name: string, taken: readonly string[]) =>
  taken.some((other) => fbNameKey(other) === fbNameKey(name));

/** The form's defaults (issue 17: only OUTCOME_SALES, OFFSITE_CONVERSIONS, AUCTION). */
export const FB_CAMPAIGN_DEFAULTS: FbCampaignFields = {
  Name: '',
  Objective: 'OUTCOME_SALES',
  BuyingType: 'AUCTION',
  SpendCap: 0,
};
export const fbAdSetDefaults = (today: string): FbAdSetFields => ({
  Name: '',
  BidStrategy: 'LOWEST_COST_WITH_BID_CAP',
  BidAmount: 0,
  BillingEvent: 'IMPRESSIONS',
  OptimizationGoal: 'OFFSITE_CONVERSIONS',
  BudgetType: 'DAILY',
  DailyBudget: 0,
  LifetimeBudget: 0,
  StartDate: today,
  EndDate: '',
  Locations: ['US'],
});
export const FB_AD_DEFAULTS: FbAdFields = {
  Name: '',
  PrimaryText: '',
  Headline: '',
  Description: '',
  MediaFileId: '',
  CallToAction: 'SHOP_NOW',
  Link: '',
};

/** Cents from what a person types ("12.5" → 1250); NaN when it is not an amount. */
export function centsOf(text: string): number {
  const value = text.trim();
  if (!/^-?\d{1,8}(\.\d{1,2})?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}
export const amountOfCents = (cents: number) => (cents / 100).toFixed(2);
