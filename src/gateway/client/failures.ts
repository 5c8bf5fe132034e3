import { GatewayError } from './call';
import { RetCode, retCodeMessageKey } from '../contract/retcodes';
import type { FieldErrors } from '../contract/field-errors';

// How the screen machines read a failed call, so every area words the same refusal the same way:
// the server's Message is already in the user's language; a call that never reached the gateway
// gets the area's own text (an i18n key).

/** Shown when the call never reached the gateway (the shell also raises its own network toast). */
export const NETWORK_FAILURE_KEY = 'auth:errors.network';
export const SMS_NETWORK_FAILURE_KEY = 'sms:errors.network';

export function retCodeOf(error: unknown): number | undefined {
  return error instanceof GatewayError ? error.retCode : undefined;
}

export function hasRetCode(error: unknown, ...codes: number[]): boolean {
  const code = retCodeOf(error);
  return code !== undefined && codes.includes(code);
}

/** The server's Message (already in the user's language), or an `auth:` key when there was none. */
export function failureText(error: unknown, networkKey: string = NETWORK_FAILURE_KEY): string {
  return error instanceof GatewayError && error.message ? error.message : networkKey;
}

export const smsFailureText = (error: unknown): string => failureText(error, SMS_NETWORK_FAILURE_KEY);

/** A resend refused inside the 60 s countdown says how long is left (Data.ResendAfterSeconds). */
export function resendAfterOf(error: unknown): number | undefined {
  if (!(error instanceof GatewayError) || error.retCode !== RetCode.ResendTooSoon) return undefined;
  const seconds = (error.data as { ResendAfterSeconds?: unknown } | undefined)?.ResendAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/** "Unknown field: {{field}}" names the field for API callers; at the field itself it needs no name. */
const atTheField = (key: string) => (key === 'validation:unknownField' ? 'validation:fieldNotAccepted' : key);

/**
 * Field errors the gateway named: its validation reply lists `Data.Fields: [{Field, Key}]`, and a few
 * refusals belong to one field (a wrong code to the code box). Keys are `validation:` or `errors:` keys.
 */
export function serverFieldErrors(
  error: unknown,
  fieldNames: Record<string, string>,
  codeFields: Record<number, string> = {},
): FieldErrors {
  if (!(error instanceof GatewayError)) return {};
  const errors: FieldErrors = {};
  const byCode = codeFields[error.retCode];
  if (byCode) errors[byCode] = retCodeMessageKey(error.retCode) ?? 'errors:SystemBusy';
  const fields = (error.data as { Fields?: { Field?: unknown; Key?: unknown }[] } | undefined)?.Fields ?? [];
  for (const { Field, Key } of fields) {
    const field = typeof Field === 'string' ? fieldNames[Field] : undefined;
    if (field && typeof Key === 'string' && Key.startsWith('validation:')) errors[field] ??= atTheField(Key);
  }
  return errors;
}
