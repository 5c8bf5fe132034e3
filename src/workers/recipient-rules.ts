import { EMAIL_PATTERN } from '../gateway/contract/validators';
import { cleanPhone, normalizePhone } from '../gateway/contract/phone';

// One parser rule per recipient kind (issue 22 §3): the list builder, the worker and the shared
// recipients box are the same for every channel; only what a valid recipient is differs. SMS, MMS
// and voice use phones; e-mail campaigns will use addresses, chat channels their ids.

/** What a list is checked against; crosses to the worker, so plain data only. */
export type RecipientCheck = { kind: 'phone'; prefix: string } | { kind: 'email' };

export interface RecipientRule {
  /** The cell as it will be sent: what people type around it removed. */
  clean(raw: string): string;
  /** The identity the server dedups on, or null when it cannot be a recipient of this kind. */
  key(cell: string): string | null;
  /** A first cell that names the column ("Phone", "E-mail") rather than being a recipient. */
  isHeader(cell: string): boolean;
}

const LETTER = /\p{L}/u;

export function recipientRule(check: RecipientCheck): RecipientRule {
  if (check.kind === 'email')
    return {
      clean: (raw) => raw.trim(),
      key: (cell) => (EMAIL_PATTERN.test(cell) && cell.length <= 254 ? cell.toLowerCase() : null),
      isHeader: (cell) => !cell.includes('@'),
    };
  return {
    clean: cleanPhone,
    // The contract's rule, the one AddUSMSSendTask applies: the console's counts are the server's.
    key: (cell) => normalizePhone(cell, check.prefix),
    isHeader: (cell) => LETTER.test(cell),
  };
}
