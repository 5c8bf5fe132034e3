import { z } from 'zod';
import { defineAction } from './define';
import { paymentMethodIdField } from '../billing/fields';

import { MODULES, PERIOD_UNITS } from './constants';

export { MODULES, PERIOD_UNITS, type ModuleName } from './constants';

export { RECORD_STATUS } from '../statuses';

const modWhitelist = z.array(z.object({ ProductMod: z.enum(MODULES) }));
const quantityList = z.array(z.object({ LimitKey: z.string(), Value: z.number() }));

export const buyRecord = z.object({
  Id: z.number(),
  /** 1 = active; see RECORD_STATUS */
  Status: z.number(),
  SubscriptionNo: z.string(),
  CnName: z.string(),
  EnName: z.string(),
  Free: z.boolean(),
  Period: z.number(),
  PeriodUnit: z.enum(PERIOD_UNITS),
  CostAmount: z.number(),
  CreateTime: z.number(),
  /** seconds */
  EndTime: z.number(),
  ModWhitelist: modWhitelist,
  Quantity: quantityList,
});
export type BuyRecord = z.infer<typeof buyRecord>;

export const packagePrice = z.object({ Period: z.number(), PeriodUnit: z.enum(PERIOD_UNITS), Price: z.number() });

export const subscriptionPackage = z.object({
  SubscriptionNo: z.string(),
  /** Package order: tiers are compared and coloured in this order. */
  SortOrder: z.number(),
  Free: z.boolean(),
  CnName: z.string(),
  EnName: z.string(),
  Price: z.array(packagePrice),
  ModWhitelist: modWhitelist,
  Quantity: quantityList,
  /** false for a free package this account already had (a free trial is bought once). */
  Buyable: z.boolean(),
});
export type SubscriptionPackage = z.infer<typeof subscriptionPackage>;

/** Every money-moving Action carries one: a retry with the same key returns the first answer. */
export const idempotencyKeyField = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

const payMethodField = z.enum(['wallet', 'card']).default('wallet');
const subscriptionNoField = z.string().min(1).max(64);
const periodCountField = z.number().int().min(1).max(36).default(1);

const purchaseData = z.object({
  Record: buyRecord,
  /** units charged to the main wallet (0 for a free package) */
  Amount: z.number(),
  /** main wallet balance after the charge (Amount + AmountFree) */
  BalanceAfter: z.number(),
});
export type PurchaseResult = z.infer<typeof purchaseData>;

export const subscriptionActions = {
  DescribeSubscriptionBuyRecord: defineAction(
    'user',
    z
      .object({
        NumPerPage: z.number().int().min(1).max(100).default(10),
        Page: z.number().int().min(1).max(10000).default(1),
        OrderBy: z.literal('CreateTime').default('CreateTime'),
        OrderType: z.enum(['asc', 'desc']).default('desc'),
      })
      .strict(),
    z.object({ Total: z.number(), Records: z.array(buyRecord) }),
  ),
  DescribeSubscriptionPackage: defineAction(
    'user',
    z.object({}).strict(),
    z.object({ Packages: z.array(subscriptionPackage) }),
  ),
  GetSubscriptionPackagePrice: defineAction(
    'user',
    z
      .object({
        SubscriptionNo: subscriptionNoField,
        PeriodUnit: z.enum(PERIOD_UNITS).default('month'),
        /** how many periods (ignored for an upgrade, which keeps the current end date) */
        Quantity: periodCountField,
        /** quote an upgrade of the active plan to this package instead of a purchase */
        Upgrade: z.boolean().default(false),
      })
      .strict(),
    z.object({
      SubscriptionNo: z.string(),
      PeriodUnit: z.enum(PERIOD_UNITS),
      Quantity: z.number(),
      /** list price for the period(s), or the new package's value for the remaining time on an upgrade */
      ListAmount: z.number(),
      /** unused value of the current plan counted against an upgrade (0 on a purchase) */
      CreditAmount: z.number(),
      /** what the wallet is charged */
      Amount: z.number(),
      Currency: z.string(),
      /** seconds: when the bought or upgraded plan would end */
      EndTime: z.number(),
    }),
  ),
  BuySubscriptionPackage: defineAction(
    'user',
    z
      .object({
        SubscriptionNo: subscriptionNoField,
        PeriodUnit: z.enum(PERIOD_UNITS).default('month'),
        Quantity: periodCountField,
        /** wallet: the main wallet pays; card: the card (PaymentMethodId, or the default card) pays the price */
        PayMethod: payMethodField,
        PaymentMethodId: paymentMethodIdField.optional(),
        IdempotencyKey: idempotencyKeyField,
      })
      .strict(),
    purchaseData,
  ),
  UpgradeSubscriptionPackage: defineAction(
    'user',
    z
      .object({
        SubscriptionNo: subscriptionNoField,
        PayMethod: payMethodField,
        PaymentMethodId: paymentMethodIdField.optional(),
        IdempotencyKey: idempotencyKeyField,
      })
      .strict(),
    purchaseData,
  ),
} as const;
