import { z } from 'zod';
import { defineAction, emptyData, emptyInput } from '../actions/define';
import { unitsOrZeroField, walletTypeField } from './fields';
import { MAIN_WALLET_TYPE, minRechargeUnits } from './rules';

/** Spec 001 §2 product ids: SMS 9 (also 6007), voice 6003, MMS 6018, WhatsApp 6009, e-mail 6011. */
export const USAGE_PRODUCTS = [9, 6007, 6003, 6018, 6009, 6011] as const;
/** A day series spans at most 93 days (3 months), a month series at most 366 days (spec 001 §5 pickers). */
export const USAGE_MAX_DAYS = { day: 93, month: 366 } as const;

const usageRange = z
  .object({
    /** seconds, inclusive */
    StartTime: z.number().int().min(0),
    /** seconds, inclusive */
    EndTime: z.number().int().min(0),
    Granularity: z.enum(['day', 'month']).default('day'),
    /** IANA zone the days and months are cut in; default UTC */
    TimeZone: z.string().trim().max(64).default('UTC'),
  })
  .strict()
  .superRefine((value, ctx) => {
    const days = (value.EndTime - value.StartTime) / 86_400;
    if (days < 0 || days > USAGE_MAX_DAYS[value.Granularity])
      ctx.addIssue({ code: 'custom', path: ['EndTime'], message: 'validation:dateRangeInvalid' });
  });

const usagePoint = z.object({
  /** seconds: start of the day or month */
  Time: z.number(),
  /** units spent */
  Amount: z.number(),
  /** charged moves (SMS: groups; see decisions) */
  Count: z.number(),
});

export const invoice = z.object({
  InvoiceId: z.number(),
  InvoiceNo: z.string(),
  Kind: z.enum(['recharge', 'plan', 'bank_transfer']),
  Description: z.string(),
  /** units, before fee and tax */
  Subtotal: z.number(),
  Fee: z.number(),
  Tax: z.number(),
  Total: z.number(),
  Currency: z.string(),
  /** seconds */
  CreateTime: z.number(),
});
export type Invoice = z.infer<typeof invoice>;

export const balanceAlarm = z.object({
  Enabled: z.boolean(),
  /** the wallet watched: 0 main, or a sub-wallet */
  ProductType: z.number(),
  /** units: the alert fires when the available balance falls below this */
  Threshold: z.number(),
  AutoRecharge: z.boolean(),
  /** units topped up from the default card once per crossing */
  AutoRechargeAmount: z.number(),
  /** the balance is below the threshold now (the alert for this crossing was sent) */
  Below: z.boolean(),
  /** seconds of the last alert, or null */
  LastAlertTime: z.number().nullable(),
  /** the last auto-recharge's outcome for this crossing: a declined card is not retried until the balance recovers */
  LastAutoRechargeStatus: z.enum(['succeeded', 'failed', 'processing', 'requires_action']).nullable(),
});
export type BalanceAlarm = z.infer<typeof balanceAlarm>;

export const usageActions = {
  /** Spend per product, by day or month, from the ledger's deductions. */
  GetOrderAmountStatistics: defineAction(
    'user',
    usageRange,
    z.object({
      Currency: z.string(),
      Products: z.array(z.object({ ProductType: z.number(), Total: z.number(), Points: z.array(usagePoint) })),
    }),
  ),
  /** SMS (9 and 6007) only: spend and messages by day or month. */
  GetUSMSBillStatistics: defineAction(
    'user',
    usageRange,
    z.object({
      Currency: z.string(),
      Total: z.number(),
      Points: z.array(usagePoint.extend({ Messages: z.number() })),
    }),
  ),
  GetInvoiceList: defineAction(
    'user',
    z
      .object({
        Page: z.number().int().min(1).max(10000).default(1),
        NumPerPage: z.union([z.literal(10), z.literal(15), z.literal(30)]).default(10),
      })
      .strict(),
    z.object({ Total: z.number(), Invoices: z.array(invoice) }),
  ),
  /** Answers the invoice PDF itself (binary path). */
  DownloadInvoice: defineAction('user', z.object({ InvoiceId: z.number().int().positive() }).strict(), emptyData, {
    reply: 'file',
  }),
  GetBalanceAlarm: defineAction('user', emptyInput, balanceAlarm),
  UpdateBalanceAlarmThreshold: defineAction(
    'user',
    z
      .object({
        Enabled: z.boolean(),
        ProductType: walletTypeField.default(MAIN_WALLET_TYPE),
        Threshold: unitsOrZeroField,
        AutoRecharge: z.boolean().default(false),
        AutoRechargeAmount: unitsOrZeroField.default(0),
      })
      .strict()
      .superRefine((value, ctx) => {
        if (value.Enabled && value.Threshold === 0)
          ctx.addIssue({ code: 'custom', path: ['Threshold'], message: 'validation:amountInvalid' });
        if (value.AutoRecharge && value.AutoRechargeAmount < minRechargeUnits(value.ProductType))
          ctx.addIssue({ code: 'custom', path: ['AutoRechargeAmount'], message: 'validation:amountMinimum' });
      }),
    balanceAlarm,
  ),
} as const;
