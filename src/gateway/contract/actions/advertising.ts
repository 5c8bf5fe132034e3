import { z } from 'zod';
import { defineAction } from './define';
import { pageFields } from './sms-common';
import { idempotencyKeyField } from './subscriptions';
import { unitsField } from '../billing/fields';
import {
  AD_CURRENCIES,
  AD_LIMITS,
  AD_LINK_FIELDS,
  AD_OPENING_PLATFORM_FIELDS,
  AD_PLATFORM_IDS,
  HTTP_LINK_PATTERN,
  MIN_AD_RECHARGE_UNITS,
  adOpeningRequiredFields,
  type AdOpeningPlatformField,
  type AdPlatformId,
} from '../advertising';

// Advertising (issue 17 items 1-4; docs/decisions.md "Advertising"): ad accounts per platform, opening
// applications reviewed by the platform, recharges from the 6026 sub-wallet. Spec 000 §7 does not name
// the advertising calls: these names are Herald's.

export const adPlatformIdField = z.union(
  AD_PLATFORM_IDS.map((id) => z.literal(id)) as unknown as [z.ZodLiteral<AdPlatformId>, z.ZodLiteral<AdPlatformId>],
  { message: 'validation:adPlatformInvalid' },
);
export const adAccountIdField = z
  .string()
  .trim()
  .regex(/^[0-9]{6,24}$/, 'validation:invalid');

const text = z.string().trim().max(AD_LIMITS.textMax, 'validation:remarkTooLong');
const requiredText = text.min(1, 'validation:required');

const platformFields = Object.fromEntries(
  AD_OPENING_PLATFORM_FIELDS.map((field) => [field, text.optional()]),
) as Record<AdOpeningPlatformField, z.ZodOptional<typeof text>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;
const FORMAT_RULES: Partial<Record<AdOpeningPlatformField, { pattern: RegExp; key: string }>> = {
  Email: { pattern: EMAIL_PATTERN, key: 'validation:emailInvalid' },
  StartDate: { pattern: DATE_PATTERN, key: 'validation:adDateInvalid' },
  IdealPrice: { pattern: AMOUNT_PATTERN, key: 'validation:adNumberInvalid' },
  Budget: { pattern: AMOUNT_PATTERN, key: 'validation:adNumberInvalid' },
  BmId: { pattern: /^\d{6,20}$/, key: 'validation:adIdDigits' },
  PixelId: { pattern: /^\d{6,20}$/, key: 'validation:adIdDigits' },
  MccId: { pattern: /^\d{3}-?\d{3}-?\d{4}$/, key: 'validation:adMccInvalid' },
};

/** The opening application: spec 001 §5's fields, the platform's own ones checked against its table. */
export const adOpeningSchema = z
  .object({
    PlatformId: adPlatformIdField,
    AccountName: requiredText,
    CompanyName: requiredText,
    PromotionLink: requiredText,
    TimeZone: requiredText,
    Quantity: z
      .number({ message: 'validation:adQuantityMin' })
      .int('validation:adQuantityMin')
      .min(1, 'validation:adQuantityMin')
      .max(AD_LIMITS.quantityMax, 'validation:adQuantityMax'),
    Currency: z.enum(AD_CURRENCIES, { message: 'validation:required' }),
    RegisteredRegion: requiredText,
    LicenseNumber: requiredText,
    Industry: requiredText,
    SubIndustry: requiredText,
    ...platformFields,
  })
  .strict()
  .superRefine((value, ctx) => {
    const required = adOpeningRequiredFields(value.PlatformId, value);
    for (const field of required) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'validation:required' });
    }
    const present = (field: string) => (value as Record<string, unknown>)[field];
    for (const field of AD_LINK_FIELDS) {
      const link = present(field);
      if (typeof link === 'string' && link && !HTTP_LINK_PATTERN.test(link))
        ctx.addIssue({ code: 'custom', path: [field], message: 'validation:adLinkScheme' });
    }
    for (const [field, rule] of Object.entries(FORMAT_RULES)) {
      const entry = present(field);
      if (typeof entry === 'string' && entry && !rule.pattern.test(entry))
        ctx.addIssue({ code: 'custom', path: [field], message: rule.key });
    }
  });
export type AdOpeningRequest = z.input<typeof adOpeningSchema>;

const account = z.object({
  AccountId: z.string(),
  PlatformId: z.number(),
  Name: z.string(),
  CompanyName: z.string(),
  /** AD_ACCOUNT_STATUS */
  Status: z.number(),
  /** the platform's own status (AD_PLATFORM_ACCOUNT_STATUSES), as it reported it; null where it has none */
  PlatformStatus: z.number().nullable(),
  Currency: z.string(),
  TimeZone: z.string(),
  /** units */
  Balance: z.number(),
  /** units */
  Consumption: z.number(),
  ApplicationId: z.string(),
  CreateTime: z.number(),
});
export type AdAccount = z.infer<typeof account>;

const application = z.object({
  ApplicationId: z.string(),
  PlatformId: z.number(),
  AccountName: z.string(),
  Quantity: z.number(),
  /** AD_OPENING_STATUS */
  Status: z.number(),
  Reason: z.string(),
  CreateTime: z.number(),
});
export type AdApplication = z.infer<typeof application>;

const recharge = z.object({
  RechargeId: z.string(),
  AccountId: z.string(),
  Amount: z.number(),
  /** AD_RECHARGE_STATUS */
  Status: z.number(),
  CreateTime: z.number(),
  ArriveTime: z.number(),
});
export type AdRecharge = z.infer<typeof recharge>;

export const adRechargeSchema = z
  .object({
    AccountId: adAccountIdField,
    Amount: unitsField
      .min(MIN_AD_RECHARGE_UNITS, 'validation:adRechargeMinimum')
      .max(AD_LIMITS.rechargeMaxUnits, 'validation:amountMaximum'),
    IdempotencyKey: idempotencyKeyField,
  })
  .strict();

/** Accounts' balance and consumption in one currency: amounts of different currencies are never added. */
const moneyInCurrency = z.object({ Currency: z.string(), Balance: z.number(), Consumption: z.number() });

const overview = z.object({
  /** the 6026 ad sub-wallet's available units */
  WalletBalance: z.number(),
  /** every account's balance and consumption, per account currency */
  ByCurrency: z.array(moneyInCurrency),
  Total: z.number(),
  ByStatus: z.array(z.object({ Status: z.number(), Count: z.number() })),
  ByPlatform: z.array(z.object({ PlatformId: z.number(), Count: z.number(), ByCurrency: z.array(moneyInCurrency) })),
  PendingApplications: z.number(),
});
export type AdOverview = z.infer<typeof overview>;

export const advertisingActions = {
  GetAdOverview: defineAction('user', z.object({}).strict(), overview),
  ListAdAccount: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        PlatformId: adPlatformIdField.optional(),
        Status: z.array(z.number().int().min(1).max(9)).max(9).optional(),
        Keyword: z.string().trim().max(64).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Accounts: z.array(account) }),
  ),
  ApplyAdAccount: defineAction('user', adOpeningSchema, z.object({ ApplicationId: z.string(), Status: z.number() })),
  ListAdAccountApplication: defineAction(
    'user',
    z.object({ ...pageFields, PlatformId: adPlatformIdField.optional() }).strict(),
    z.object({ Total: z.number(), Applications: z.array(application) }),
  ),
  RechargeAdAccount: defineAction('user', adRechargeSchema, recharge),
  ListAdRecharge: defineAction(
    'user',
    z.object({ ...pageFields, AccountId: adAccountIdField.optional() }).strict(),
    z.object({ Total: z.number(), Recharges: z.array(recharge) }),
  ),
} as const;
