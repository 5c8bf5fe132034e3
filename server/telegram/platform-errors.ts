import { ApiError } from '../errors';
import { PlatformError } from '../platforms';
import { RetCode } from '../../src/gateway/contract/retcodes';

/** A platform refusal met while serving a request, as the RetCode the user sees (never a 5xx). */
export function requestRefusal(error: unknown, field?: string): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.refusal === 'unauthorized')
    return new ApiError(
      RetCode.TelegramTokenRefused,
      {},
      field ? { Fields: [{ Field: field, Key: 'validation:tgTokenRefused' }] } : {},
    );
  if (error.refusal === 'forbidden' || error.refusal === 'notFound')
    return new ApiError(
      RetCode.TelegramGroupUnavailable,
      {},
      field ? { Fields: [{ Field: field, Key: 'validation:tgGroupNotVerified' }] } : {},
    );
  return new ApiError(RetCode.TelegramUnavailable);
}
