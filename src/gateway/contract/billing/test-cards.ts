// The sandbox payment provider's documented test cards (docs/decisions.md, "Money in"). Any other
// Luhn-valid number with a future expiry behaves like `succeeds`. The console lists these on the payment
// page in sandbox mode; the provider decides by the number, so every outcome can be produced on purpose.
export const TEST_CARD_OUTCOMES = ['succeeds', 'declined', 'challenge', 'insufficientFunds', 'failsLater'] as const;
export type TestCardOutcome = (typeof TEST_CARD_OUTCOMES)[number];

export const TEST_CARDS: readonly { number: string; brand: string; outcome: TestCardOutcome }[] = [
  { number: '4242424242424242', brand: 'visa', outcome: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'succeeds' },
  /** saving works; every charge is declined ("payment method failed, try another") */
  { number: '4000000000000002', brand: 'visa', outcome: 'declined' },
  /** every charge asks for the 3-D Secure style challenge first */
  { number: '4000002760003184', brand: 'visa', outcome: 'challenge' },
  /** every charge is refused for insufficient funds */
  { number: '4000000000009995', brand: 'visa', outcome: 'insufficientFunds' },
  /** a charge is accepted as processing, then fails by webhook a few seconds later */
  { number: '4000000000000341', brand: 'visa', outcome: 'failsLater' },
];

/** The Luhn check the console runs before it sends a number to the provider. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card is usable through the last day of its expiry month. */
export function expiryValid(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const fullYear = year < 100 ? 2000 + year : year;
  return fullYear * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^62/.test(digits)) return 'unionpay';
  return 'card';
}
