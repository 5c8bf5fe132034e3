import { z } from 'zod';
import { defineAction, emptyInput } from '../actions/define';
import { idempotencyKeyField } from '../actions/subscriptions';
import { paymentIdField, paymentMethodIdField, unitsField, walletTypeField } from './fields';
import { MAIN_WALLET_TYPE, MAX_RECHARGE_UNITS, minRechargeUnits } from './rules';

/**
 * A card payment's life: processing (the provider works on it) -> requires_action (the challenge) ->
 * processing -> succeeded | failed. Only `succeeded` credits the wallet, exactly once.
 */
export const PAYMENT_STATUSES = ['processing', 'requires_action', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payment = z.object({
  PaymentId: z.string(),
  Status: z.enum(PAYMENT_STATUSES),
  /** the wallet the money goes to: 0 main, 9, 6003, 6011, 6026 */
  ProductType: z.number(),
  /** units credited to the wallet */
  Amount: z.number(),
  /** units of card fee (CARD_FEE_PER_10000), charged on top */
  Fee: z.number(),
  /** units charged to the card: Amount + Fee */
  Total: z.number(),
  Currency: z.string(),
  PaymentMethodId: z.string(),
  Brand: z.string(),
  Last4: z.string(),
  /** while requires_action: where the console shows the provider's challenge */
  Challenge: z.object({ Url: z.string(), ClientSecret: z.string() }).nullable(),
  /** when failed: the RetCode whose text says what to do (e.g. CardDeclined) */
  FailureRetCode: z.number().nullable(),
  /** when succeeded: the invoice of this recharge */
  InvoiceId: z.number().nullable(),
  /** seconds */
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type Payment = z.infer<typeof payment>;

export const rechargeInput = z
  .object({
    ProductType: walletTypeField.default(MAIN_WALLET_TYPE),
    Amount: unitsField,
    PaymentMethodId: paymentMethodIdField,
    IdempotencyKey: idempotencyKeyField,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.Amount < minRechargeUnits(value.ProductType))
      ctx.addIssue({ code: 'custom', path: ['Amount'], message: 'validation:amountMinimum' });
    else if (value.Amount > MAX_RECHARGE_UNITS)
      ctx.addIssue({ code: 'custom', path: ['Amount'], message: 'validation:amountMaximum' });
  });

export const paymentActions = {
  /**
   * Top-up from a saved card (needs the TopUp permission key). Answers the payment at once: succeeded,
   * failed, requires_action (show Challenge, then ConfirmInpourPayment) or processing (poll GetInpourPayment).
   */
  CreateInpourPayment: defineAction('user', rechargeInput, payment),
  /** After the challenge (or any time): asks the provider and settles. Idempotent; safe to repeat. */
  ConfirmInpourPayment: defineAction('user', z.object({ PaymentId: paymentIdField }).strict(), payment),
  /** /bill/payment-status reads this; it survives a reload because the id is in the address. */
  GetInpourPayment: defineAction('user', z.object({ PaymentId: paymentIdField }).strict(), payment),
  /** Bank transfer: the account's reference code and where to send the money. */
  GetAccountVerifyCode: defineAction(
    'user',
    emptyInput,
    z.object({
      /** put this in the transfer's reference so operations can match it to the account */
      VerifyCode: z.string(),
      BankName: z.string(),
      AccountName: z.string(),
      Iban: z.string(),
      Swift: z.string(),
      Currency: z.string(),
    }),
  ),
  /** Main wallet <-> a sub-wallet, through the ledger (one side must be the main wallet). */
  TransferWalletFunds: defineAction(
    'user',
    z
      .object({
        From: walletTypeField,
        To: walletTypeField,
        Amount: unitsField,
        IdempotencyKey: idempotencyKeyField,
      })
      .strict()
      .superRefine((value, ctx) => {
        if (value.From === value.To || (value.From !== MAIN_WALLET_TYPE && value.To !== MAIN_WALLET_TYPE))
          ctx.addIssue({ code: 'custom', path: ['To'], message: 'validation:walletInvalid' });
      }),
    z.object({ FromBalanceAfter: z.number(), ToBalanceAfter: z.number() }),
  ),
  /** Staff only (SupportStaff): `npm run support -- transfer <VerifyCode> <amount> <bankReference>`. */
  RecordBankTransfer: defineAction(
    'user',
    z
      .object({
        VerifyCode: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^HB[0-9A-Z]{8}$/, 'validation:invalid'),
        Amount: unitsField,
        /** the bank's own reference of the incoming transfer: recording it twice credits once */
        BankReference: z.string().trim().min(1, 'validation:required').max(64, 'validation:nameTooLong'),
        ProductType: walletTypeField.default(MAIN_WALLET_TYPE),
      })
      .strict(),
    z.object({ UserId: z.number(), Email: z.string(), BalanceAfter: z.number(), Replayed: z.boolean() }),
  ),
} as const;
