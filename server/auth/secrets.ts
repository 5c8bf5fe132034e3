import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque random token (tokens, keys), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens, keys and codes are stored as their SHA-256, never as themselves. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
