import dayjs from 'dayjs';

/** Spec 000 §9 date format YYYY-MM-DD; the gateway's times are seconds. */
export const formatDay = (seconds: number) => dayjs(seconds * 1000).format('YYYY-MM-DD');

export const formatDateTime = (seconds: number) => dayjs(seconds * 1000).format('YYYY-MM-DD HH:mm');

/** A fresh key for one purchase intent: kept across retries of that intent, new for the next one. */
export const newIdempotencyKey = () => globalThis.crypto.randomUUID();

/** Integer units back to text for an input: two decimals, or four when the units need them. */
export function unitsToText(units: number): string {
  const whole = Math.trunc(units / 10_000);
  const rest = String(units % 10_000).padStart(4, '0');
  return `${whole}.${rest.endsWith('00') ? rest.slice(0, 2) : rest}`;
}
