import { z } from 'zod';
import { defineAction, emptyInput } from './define';
import { unixSecondsField } from '../validators';
import { BILL_STATUS } from '../statuses';
import { cardActions } from '../billing/cards';
import { paymentActions } from '../billing/payments';
import { usageActions } from '../billing/usage';

export { SUB_WALLET_TYPES } from './constants';

const walletFields = {
  Amount: z.number(),
  AmountFree: z.number(),
  AmountCredit: z.number(),
  AmountFreeze: z.number(),
};

export const balanceData = z.object({
  ...walletFields,
  Currency: z.string(),
  SubWallets: z.array(z.object({ ...walletFields, ProductTypes: z.array(z.number()) })),
});
export type Balance = z.infer<typeof balanceData>;

/** Spec 001 §4 bill types (bonus is "bonus credit recharge", card_deduction "credit card deduction"). */
export const BILL_TYPES = [
  'deduct',
  'recharge',
  'withdraw',
  'refund',
  'bonus',
  'cancel_promotion',
  'card_deduction',
] as const;
export type BillTypeName = (typeof BILL_TYPES)[number];
/** Spec 001 §4 statement types: the account statement lists only moves of these kinds. */
export const STATEMENT_TYPES = ['Recharge', 'Refund', 'Clear', 'RebateRecharge'] as const;
export type StatementTypeName = (typeof STATEMENT_TYPES)[number];
export { BILL_STATUS } from '../statuses';
/** Spec 000 §9 page sizes for this kind of list. */
export const TRANSACTION_PAGE_SIZES = [10, 15, 30] as const;

export const transaction = z.object({
  Id: z.number(),
  InvoiceNo: z.string(),
  BillType: z.enum(BILL_TYPES),
  StatementType: z.enum(STATEMENT_TYPES).nullable(),
  /** 0 main wallet, or the sub-wallet's product type */
  ProductType: z.number(),
  /** signed units: negative takes money out */
  Amount: z.number(),
  BalanceAfter: z.number(),
  Description: z.string(),
  /** seconds */
  CreateTime: z.number(),
  Status: z.number(),
});
export type Transaction = z.infer<typeof transaction>;

export const billingActions = {
  ...cardActions,
  ...paymentActions,
  ...usageActions,
  GetBalance: defineAction('user', emptyInput, balanceData),
  GetTransactionList: defineAction(
    'user',
    z
      .object({
        Page: z.number().int().min(1).max(10000).default(1),
        NumPerPage: z.union([z.literal(10), z.literal(15), z.literal(30)]).default(10),
        /** bill: every move; statement: recharges, refunds, clears and rebates only */
        Kind: z.enum(['bill', 'statement']).default('bill'),
        BillType: z.enum(BILL_TYPES).optional(),
        /** statement kind only: the moves of one statement type */
        StatementType: z.enum(STATEMENT_TYPES).optional(),
        /** spec 001 §4 billing state: 1 Success, 2 Failed */
        Status: z.union([z.literal(BILL_STATUS.Success), z.literal(BILL_STATUS.Failed)]).optional(),
        ProductType: z.number().int().min(0).max(99999).optional(),
        /** seconds, inclusive */
        StartTime: unixSecondsField.optional(),
        EndTime: unixSecondsField.optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Transactions: z.array(transaction) }),
  ),
} as const;
