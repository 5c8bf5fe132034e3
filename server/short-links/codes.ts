import { randomBytes } from 'node:crypto';
import { SHORT_CODE_LENGTH } from '../../src/gateway/contract/short-links';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A short code: SHORT_CODE_LENGTH base62 characters from the system's CSPRNG, by rejection sampling (bytes
 * of 248 and over are dropped, so every character is equally likely): about 47.6 bits, unguessable enough
 * for public links that only redirect.
 */
export function newShortCode(length = SHORT_CODE_LENGTH): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      code += BASE62[byte % 62];
      if (code.length === length) break;
    }
  }
  return code;
}
