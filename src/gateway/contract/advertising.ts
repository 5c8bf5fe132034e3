// Advertising rules both ends apply (spec 001 §3, §4, §5, §9; docs/decisions.md "Advertising"): the ad
// platforms, which opening fields each platform asks for, the promotion link rule. No zod here: the
// opening machine and the schema both read these tables.

export { AD_ACCOUNT_STATUS, AD_OPENING_STATUS, AD_RECHARGE_STATUS } from './statuses';
export { MIN_AD_RECHARGE_UNITS } from './billing/rules';

/** Spec 001 §3: 1 Facebook/Meta, 2 Google, 3 TikTok, 4 Twitter, 5 Snapchat, 8 Huawei, 9 Appstore. */
export const AD_PLATFORMS = [
  { id: 1, slug: 'facebook', name: 'Facebook' },
  { id: 2, slug: 'google', name: 'Google' },
  { id: 3, slug: 'tiktok', name: 'TikTok' },
  { id: 4, slug: 'twitter', name: 'Twitter' },
  { id: 5, slug: 'snapchat', name: 'Snapchat' },
  { id: 8, slug: 'huawei', name: 'Huawei' },
  { id: 9, slug: 'appstore', name: 'Appstore' },
] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];
export type AdPlatformId = AdPlatform['id'];
export type AdPlatformSlug = AdPlatform['slug'];
export const AD_PLATFORM_IDS = AD_PLATFORMS.map((p) => p.id) as unknown as readonly [AdPlatformId, ...AdPlatformId[]];

export const adPlatformById = (id: number) => AD_PLATFORMS.find((p) => p.id === id);
export const adPlatformBySlug = (slug: string) => AD_PLATFORMS.find((p) => p.slug === slug);

/** Spec 001 §5's fields every opening needs. */
export const AD_OPENING_COMMON_FIELDS = [
  'AccountName',
  'CompanyName',
  'PromotionLink',
  'TimeZone',
  'Quantity',
  'Currency',
  'RegisteredRegion',
  'LicenseNumber',
  'Industry',
  'SubIndustry',
] as const;

/** Spec 001 §5's "required where applicable" fields; which platform asks for which is Herald's table below. */
export const AD_OPENING_PLATFORM_FIELDS = [
  'BmId',
  'PixelId',
  'UsLandingEcommerce',
  'MccId',
  'OperationType',
  'Email',
  'CompanyEnglishName',
  'Address',
  'Website',
  'ParentCompany',
  'CustomerCategory',
  'TwitterLink',
  'TwitterHandle',
  'NewAccount',
  'LinkedAccount',
  'PublicProfile',
  'CampaignLink',
  'ReferenceNumber',
  'StartDate',
  'TargetCountries',
  'AdTarget',
  'IdealPrice',
  'Budget',
] as const;
export type AdOpeningPlatformField = (typeof AD_OPENING_PLATFORM_FIELDS)[number];

/**
 * The platform-specific fields each platform requires (docs/decisions.md "Advertising": the spec lists
 * them without saying which platform asks for which). Twitter's LinkedAccount is required only when
 * NewAccount is "no" (adOpeningRequiredFields).
 */
export const AD_OPENING_FIELDS_BY_PLATFORM: Record<AdPlatformId, readonly AdOpeningPlatformField[]> = {
  1: ['BmId', 'PixelId', 'UsLandingEcommerce'],
  2: ['MccId', 'Email'],
  3: ['CompanyEnglishName', 'Address', 'Website', 'ParentCompany', 'CustomerCategory'],
  4: ['TwitterLink', 'TwitterHandle', 'NewAccount'],
  5: ['PublicProfile', 'CampaignLink'],
  8: ['OperationType', 'ReferenceNumber', 'StartDate', 'TargetCountries'],
  9: ['AdTarget', 'IdealPrice', 'Budget', 'Email'],
};

/** Values of the choice fields. */
export const AD_YES_NO = ['yes', 'no'] as const;
export const AD_OPERATION_TYPES = ['self', 'agency'] as const;
export const AD_CUSTOMER_CATEGORIES = ['ecommerce', 'app', 'brand', 'game', 'other'] as const;
export const AD_CURRENCIES = ['USD', 'EUR', 'CNY', 'HKD'] as const;
/** The default ad time zone (issue 17: UTC+8). */
export const AD_DEFAULT_TIME_ZONE = 'UTC+8';
export const AD_TIME_ZONES = ['UTC-8', 'UTC-5', 'UTC+0', 'UTC+1', 'UTC+8', 'UTC+9'] as const;

/** An ad account's offset from UTC in hours ("UTC+8" → 8); UTC+8 when it cannot be read (issue 17). */
export function offsetHoursOf(timeZone: string): number {
  const match = /^UTC([+-]\d{1,2})(?::?(\d{2}))?$/.exec(timeZone.trim());
  if (!match) return 8;
  const hours = Number(match[1]);
  return hours + Math.sign(hours || 1) * (Number(match[2] ?? 0) / 60);
}

/** The day (YYYY-MM-DD) of an instant in an ad account's time zone: its ads' days and its schedule's dates. */
export const localDayOf = (instant: Date, timeZone: string) =>
  new Date(instant.getTime() + offsetHoursOf(timeZone) * 3_600_000).toISOString().slice(0, 10);
export const AD_INDUSTRIES = {
  ecommerce: ['apparel', 'electronics', 'home'],
  games: ['casual', 'strategy', 'rpg'],
  apps: ['tools', 'social', 'finance'],
  services: ['education', 'travel', 'health'],
} as const;
export type AdIndustry = keyof typeof AD_INDUSTRIES;

/** Links fields: http(s) only (issue 17 "a promotion link without http(s)"). */
export const AD_LINK_FIELDS: readonly string[] = [
  'PromotionLink',
  'Website',
  'TwitterLink',
  'CampaignLink',
  'PublicProfile',
];
export const HTTP_LINK_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The platform fields an application must carry, given the answers so far. */
export function adOpeningRequiredFields(
  platformId: AdPlatformId,
  values: Partial<Record<AdOpeningPlatformField, unknown>> = {},
): AdOpeningPlatformField[] {
  const fields = [...AD_OPENING_FIELDS_BY_PLATFORM[platformId]];
  if (platformId === 4 && values.NewAccount === 'no') fields.push('LinkedAccount');
  return fields;
}

export const AD_LIMITS = { quantityMax: 20, textMax: 200, rechargeMaxUnits: 100_000 * 10_000 } as const;

/** The choice fields of the opening form and their values; every other field is text. */
export const AD_FIELD_CHOICES: Partial<Record<AdOpeningPlatformField | 'Currency' | 'TimeZone', readonly string[]>> = {
  UsLandingEcommerce: AD_YES_NO,
  NewAccount: AD_YES_NO,
  OperationType: AD_OPERATION_TYPES,
  CustomerCategory: AD_CUSTOMER_CATEGORIES,
  Currency: AD_CURRENCIES,
  TimeZone: AD_TIME_ZONES,
};
