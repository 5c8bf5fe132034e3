// The one gateway bridge: the only view file that imports the low-level client (call, credentials,
// failures). Everything else in views reads through gateway/client/queries, writes through
// gateway/client/mutations or a machine, and names a refusal with these helpers (eslint.config.js).
import { GatewayError, onGatewayEvent, type GatewayEvent } from '../gateway/client/call';
import { serverFieldErrors } from '../gateway/client/failures';
import type { FieldErrors } from '../gateway/contract/field-errors';

export { onGatewayEvent, type GatewayEvent };

/** The server's Message of a refused call (already in the user's language), or null when there was none. */
export function gatewayMessage(error: unknown): string | null {
  return error instanceof GatewayError && error.message ? error.message : null;
}

/** The fields a refused call named (its validation reply), by the form's own field names: `validation:` keys. */
export function gatewayFieldErrors(error: unknown, fieldNames: Record<string, string>): FieldErrors {
  return serverFieldErrors(error, fieldNames);
}
