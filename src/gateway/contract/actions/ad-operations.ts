import { z } from 'zod';
import { defineAction } from './define';
import { pageFields } from './sms-common';
import { idempotencyKeyField } from './subscriptions';
import { unitsField } from '../billing/fields';
import { AD_LIMITS } from '../advertising';
import {
  AD_BIND_USERS_MAX,
  AD_BINDING_ACTIONS,
  AD_OPERATION_ACTIONS,
  AD_OPERATION_FIELD,
  AD_REPORT_RANGES,
} from '../ad-operations';
import { adAccountIdField, adPlatformIdField } from './advertising';

// Ad operations, authorisation and the data report (issue 17 items 5 and 7; docs/decisions.md "Ad
// operations and data report"). Spec 000 §7 names no advertising calls: these names are Herald's.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ID_RULES = {
  BmId: { pattern: /^\d{6,20}$/, key: 'validation:adIdDigits' },
  PixelId: { pattern: /^\d{6,20}$/, key: 'validation:adIdDigits' },
  MccId: { pattern: /^\d{3}-?\d{3}-?\d{4}$/, key: 'validation:adMccInvalid' },
} as const;

/** One operation on one ad account: the action's own field, binding or unbinding where it applies. */
export const adOperationSchema = z
  .object({
    AccountId: adAccountIdField,
    Operation: z.enum(AD_OPERATION_ACTIONS, { message: 'validation:required' }),
    BindingType: z.union([z.literal(0), z.literal(1)], { message: 'validation:required' }).optional(),
    BmId: z.string().trim().optional(),
    PixelId: z.string().trim().optional(),
    MccId: z.string().trim().optional(),
    Users: z.array(z.string().trim()).max(AD_BIND_USERS_MAX, 'validation:adUsersMax').optional(),
    Amount: unitsField.max(AD_LIMITS.rechargeMaxUnits, 'validation:amountMaximum').optional(),
    IdempotencyKey: idempotencyKeyField,
  })
  .strict()
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const own = AD_OPERATION_FIELD[value.Operation];
    // a field of another action is refused, so nothing unread reaches the record
    for (const field of ['BmId', 'PixelId', 'MccId', 'Users', 'Amount'] as const)
      if (field !== own && value[field] !== undefined) issue(field, 'validation:unknownField');
    const binding = AD_BINDING_ACTIONS.includes(value.Operation);
    if (binding && value.BindingType === undefined) issue('BindingType', 'validation:required');
    if (!binding && value.BindingType !== undefined) issue('BindingType', 'validation:unknownField');
    if (own === 'BmId' || own === 'PixelId' || own === 'MccId') {
      const id = value[own];
      if (!id) issue(own, 'validation:required');
      else if (!ID_RULES[own].pattern.test(id)) issue(own, ID_RULES[own].key);
    }
    if (own === 'Users') {
      if (!value.Users?.length) issue('Users', 'validation:required');
      else if (value.Users.some((email) => !EMAIL_PATTERN.test(email))) issue('Users', 'validation:emailInvalid');
    }
    if (own === 'Amount' && value.Amount === undefined) issue('Amount', 'validation:required');
  });
export type AdOperationRequest = z.input<typeof adOperationSchema>;

const operation = z.object({
  OperationId: z.string(),
  AccountId: z.string(),
  AccountName: z.string(),
  PlatformId: z.number(),
  Operation: z.string(),
  /** 0 Binding, 1 Unbinding; -1 for actions without one */
  BindingType: z.number(),
  /** the BM, pixel or MCC id, or the users' e-mails joined by ", " */
  Target: z.string(),
  /** units: the refund asked for, or what a clear moved back (0 before the platform answers) */
  Amount: z.number(),
  /** AD_OPERATION_STATUS */
  Status: z.number(),
  Reason: z.string(),
  CreateTime: z.number(),
  FinishTime: z.number(),
});
export type AdOperation = z.infer<typeof operation>;

const authorization = z.object({
  AuthorizationId: z.string(),
  PlatformId: z.number(),
  BusinessId: z.string(),
  BusinessName: z.string(),
  /** AD_AUTHORIZATION_STATUS */
  Status: z.number(),
  /** ad accounts of the business bound to the user by this authorisation */
  Accounts: z.number(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type AdAuthorization = z.infer<typeof authorization>;

const reportDay = z.object({
  /** YYYY-MM-DD (UTC) */
  Day: z.string(),
  Spend: z.number(),
  Impressions: z.number(),
  Clicks: z.number(),
  Conversions: z.number(),
});
export type AdReportDay = z.infer<typeof reportDay>;
/** Counts add up across currencies; money does not (docs/decisions.md "Advertising: closing issue 17"). */
const reportCountDay = reportDay.omit({ Spend: true });
export type AdReportCountDay = z.infer<typeof reportCountDay>;
const reportCurrency = z.object({
  Currency: z.string(),
  Totals: reportDay.omit({ Day: true }),
  /** Every day of the range (zeros where none), the figures of this currency's accounts. */
  Days: z.array(reportDay),
});
export type AdReportCurrency = z.infer<typeof reportCurrency>;
const reportAccount = reportDay.omit({ Day: true }).extend({
  AccountId: z.string(),
  AccountName: z.string(),
  PlatformId: z.number(),
  Currency: z.string(),
});
export type AdReportAccount = z.infer<typeof reportAccount>;

const reportQuery = z
  .object({
    Days: z.union(AD_REPORT_RANGES.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<7>, z.ZodLiteral<30>], {
      message: 'validation:adReportRange',
    }),
    PlatformId: adPlatformIdField.optional(),
    AccountId: adAccountIdField.optional(),
  })
  .strict();
export type AdReportQuery = z.input<typeof reportQuery>;

export const adOperationActions = {
  ApplyAdOperation: defineAction('user', adOperationSchema, operation),
  ListAdOperation: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        PlatformId: adPlatformIdField.optional(),
        AccountId: adAccountIdField.optional(),
        Operation: z.enum(AD_OPERATION_ACTIONS).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Operations: z.array(operation) }),
  ),
  StartAdAuthorization: defineAction(
    'user',
    z.object({ PlatformId: adPlatformIdField }).strict(),
    z.object({ AuthorizationId: z.string(), AuthorizeUrl: z.string() }),
  ),
  CompleteAdAuthorization: defineAction(
    'user',
    z
      .object({
        State: z.string().trim().min(1, 'validation:required').max(200),
        Code: z.string().trim().max(2000).optional(),
        Error: z.string().trim().max(200).optional(),
      })
      .strict(),
    authorization,
  ),
  ListAdAuthorization: defineAction(
    'user',
    z.object({ ...pageFields, PlatformId: adPlatformIdField.optional() }).strict(),
    z.object({ Total: z.number(), Authorizations: z.array(authorization) }),
  ),
  RevokeAdAuthorization: defineAction(
    'user',
    z.object({ AuthorizationId: z.string().trim().min(1, 'validation:required').max(40) }).strict(),
    authorization,
  ),
  GetAdDataReport: defineAction(
    'user',
    reportQuery,
    z.object({
      From: z.string(),
      To: z.string(),
      /** The counts of every currency's accounts; spend is per currency only (Currencies). */
      Totals: reportCountDay.omit({ Day: true }),
      Days: z.array(reportCountDay),
      /** One entry per account currency in the range, by currency code. */
      Currencies: z.array(reportCurrency),
      Accounts: z.array(reportAccount),
    }),
  ),
} as const;
