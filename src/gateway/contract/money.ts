import type { Balance } from './actions/billing';

/** Spec 000 §3: amounts are held in 10,000 units per currency unit. */
export const UNITS_PER_CURRENCY_UNIT = 10_000;

/** Available balance = Amount + AmountFree + AmountCredit - AmountFreeze (spec 000 §3). */
export function availableUnits(
  wallet: Pick<Balance, 'Amount' | 'AmountFree' | 'AmountCredit' | 'AmountFreeze'>,
): number {
  return wallet.Amount + wallet.AmountFree + wallet.AmountCredit - wallet.AmountFreeze;
}

const SYMBOLS: Record<string, string> = { usd: '$', eur: 'EUR ' };

/**
 * usd shows as $, eur as EUR (spec 000 §9); others by their code. Cents by default; a unit price passes
 * `maxDigits: 4` so "$0.0079 per part" times 6 parts adds up to the "$0.05" shown (issue 18 §18).
 * The sign stands before the symbol, and an amount that rounds to nothing is never "-0.00".
 */
export function formatMoney(units: number, currency = 'usd', locale = 'en', { maxDigits = 2 } = {}): string {
  const scale = 10 ** maxDigits;
  const rounded = Math.round((units / UNITS_PER_CURRENCY_UNIT) * scale) / scale || 0;
  const value = Math.abs(rounded).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: maxDigits,
  });
  const code = currency.toLowerCase();
  return `${rounded < 0 ? '-' : ''}${SYMBOLS[code] ?? `${code.toUpperCase()} `}${value}`;
}

/** The account menu's total balance (spec 000 §2): the main wallet and every sub-wallet, available. */
export function totalAvailableUnits(
  balance: Pick<Balance, 'Amount' | 'AmountFree' | 'AmountCredit' | 'AmountFreeze' | 'SubWallets'>,
): number {
  return balance.SubWallets.reduce((sum, wallet) => sum + availableUnits(wallet), availableUnits(balance));
}
