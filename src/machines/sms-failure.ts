import { GatewayError } from '../gateway/client';

// How the SMS screen machines word a failed call: the server's Message is already in the user's
// language; a call that never reached the gateway gets the console's own text.

export const SMS_NETWORK_FAILURE_KEY = 'sms:errors.network';

export function failureMessage(error: unknown): string {
  return error instanceof GatewayError && error.message ? error.message : SMS_NETWORK_FAILURE_KEY;
}

export function failureCode(error: unknown): number | undefined {
  return error instanceof GatewayError ? error.retCode : undefined;
}
