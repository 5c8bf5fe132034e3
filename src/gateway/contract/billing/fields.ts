import { z } from 'zod';
import { MAX_MONEY_UNITS, WALLET_TYPES } from './rules';

/**
 * An amount in integer units (10,000 per currency unit). A string, NaN, 1e308, a fraction of a unit
 * (more than 4 decimals of currency), zero or a negative number is a field error: nothing changes.
 */
export const unitsField = z
  .number({ message: 'validation:amountInvalid' })
  .int('validation:amountInvalid')
  .positive('validation:amountInvalid')
  .max(MAX_MONEY_UNITS, 'validation:amountInvalid');

/** Like unitsField but 0 is allowed (a threshold of 0 never fires). */
export const unitsOrZeroField = z
  .number({ message: 'validation:amountInvalid' })
  .int('validation:amountInvalid')
  .min(0, 'validation:amountInvalid')
  .max(MAX_MONEY_UNITS, 'validation:amountInvalid');

export const walletTypeField = z.union(
  WALLET_TYPES.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<9>],
  { message: 'validation:walletInvalid' },
);

/** The provider's payment-method id ("pm_…"): Herald stores it, never a card number. */
export const paymentMethodIdField = z
  .string()
  .trim()
  .regex(/^pm_[0-9A-Za-z]{8,40}$/, 'validation:invalid');

/** Herald's payment id ("pay_…"). */
export const paymentIdField = z
  .string()
  .trim()
  .regex(/^pay_[0-9A-Za-z]{8,40}$/, 'validation:invalid');
