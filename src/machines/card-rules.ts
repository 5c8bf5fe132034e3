import { expiryValid, luhnValid } from '../gateway/contract/billing/test-cards';

// Checks the console makes before a card leaves the browser (issue 10): the number passes Luhn,
// the expiry is a real month not in the past, the security code has 3 or 4 digits.

export type CardField = 'holder' | 'number' | 'expiry' | 'cvc';
export interface CardForm {
  holder: string;
  number: string;
  /** MM/YY as typed */
  expiry: string;
  cvc: string;
}

/** "MM/YY" or "MM/YYYY" as a month 1-12 and a four-digit year; null when it is neither. */
export function expiryParts(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Field errors as i18n keys; an empty object when the card may be submitted. */
export function cardFormErrors(form: CardForm, now = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!form.holder.trim()) errors.holder = 'billing:card.errors.holder';
  if (!luhnValid(cardDigits(form.number))) errors.number = 'billing:card.errors.number';
  const parts = expiryParts(form.expiry);
  if (!parts) errors.expiry = 'billing:card.errors.expiry';
  else if (!expiryValid(parts.month, parts.year, now)) errors.expiry = 'billing:card.errors.expired';
  if (!/^\d{3,4}$/.test(form.cvc)) errors.cvc = 'billing:card.errors.cvc';
  return errors;
}

/** The digits of a card number as typed (spaces and dashes dropped). */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** Groups of four for display while typing. */
export const formatCardNumber = (number: string) =>
  number
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
