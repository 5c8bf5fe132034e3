import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows cents, the sign before the symbol, and never a negative zero', () => {
    expect(formatMoney(12_345_600)).toBe('$1,234.56');
    expect(formatMoney(-25_000)).toBe('-$2.50');
    expect(formatMoney(-40)).toBe('$0.00');
    expect(formatMoney(-0)).toBe('$0.00');
    expect(formatMoney(10_000, 'eur', 'zh')).toBe('EUR 1.00');
  });

  it('shows a unit price to four places so that it adds up to the total', () => {
    expect(formatMoney(79, 'usd', 'en', { maxDigits: 4 })).toBe('$0.0079');
    expect(formatMoney(6 * 79, 'usd', 'en')).toBe('$0.05');
    expect(formatMoney(100, 'usd', 'en', { maxDigits: 4 })).toBe('$0.01');
  });
});
