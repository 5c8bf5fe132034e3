// Money rules both ends apply (spec 001 §4, §8): amounts are integer units, 10,000 per currency unit,
// from the form to the ledger. The console converts "50.00" to 500000 once (parseMoneyInput); the gateway
// refuses anything that is not a safe positive integer of units.
import { UNITS_PER_CURRENCY_UNIT } from '../money';
import { SUB_WALLET_TYPES } from '../actions/constants';

/** 0 is the main wallet; the others are the sub-wallets of spec 000 §3. */
export const MAIN_WALLET_TYPE = 0;
export const WALLET_TYPES = [
  MAIN_WALLET_TYPE,
  SUB_WALLET_TYPES.Sms,
  SUB_WALLET_TYPES.Voice,
  SUB_WALLET_TYPES.Email,
  SUB_WALLET_TYPES.Ads,
] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** Spec 001 §8: minimum 50.00 per top-up for messaging wallets (and the main wallet); ad recharge minimum 10. */
export const MIN_RECHARGE_UNITS = 50 * UNITS_PER_CURRENCY_UNIT;
export const MIN_AD_RECHARGE_UNITS = 10 * UNITS_PER_CURRENCY_UNIT;
/** The largest single top-up Herald accepts: 100,000.00 (a larger sum goes by bank transfer). */
export const MAX_RECHARGE_UNITS = 100_000 * UNITS_PER_CURRENCY_UNIT;
/** Any amount field: at most 1,000,000,000.00, far below 2^53 units. */
export const MAX_MONEY_UNITS = 1_000_000_000 * UNITS_PER_CURRENCY_UNIT;

export function minRechargeUnits(walletType: number): number {
  return walletType === SUB_WALLET_TYPES.Ads ? MIN_AD_RECHARGE_UNITS : MIN_RECHARGE_UNITS;
}

/**
 * Spec 001 §8 "card provider fee constant 80": 80 per 10,000 of the amount (0.80 %), rounded up to a
 * whole unit, charged to the card on top of the top-up; the wallet receives the full amount
 * (docs/decisions.md, "Money in").
 */
export const CARD_FEE_PER_10000 = 80;
export function cardFeeUnits(amountUnits: number): number {
  return Math.ceil((amountUnits * CARD_FEE_PER_10000) / 10_000);
}

/** Binding a card freezes 10.00 (spec 001 §8), released by a job within 2 weeks. */
export const CARD_BIND_FREEZE_UNITS = 10 * UNITS_PER_CURRENCY_UNIT;
export const CARD_BIND_FREEZE_DAYS = 14;

/** Users whose Type is 4 are not upgradable (spec 000 §5). */
export const NON_UPGRADABLE_USER_TYPE = 4;

/**
 * "50.00" -> 500000; null when the text is not a positive amount with at most 4 decimals
 * (a fifth decimal would be a fraction of a unit).
 */
export function parseMoneyInput(text: string): number | null {
  const match = /^\s*(\d{1,10})(?:\.(\d{0,4}))?\s*$/.exec(text);
  if (!match) return null;
  const units = Number(match[1]) * UNITS_PER_CURRENCY_UNIT + Number((match[2] ?? '').padEnd(4, '0') || '0');
  return Number.isSafeInteger(units) && units > 0 ? units : null;
}
