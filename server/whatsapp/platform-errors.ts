import { ApiError } from '../errors';
import { PlatformError } from '../platforms';
import { RetCode } from '../../src/gateway/contract/retcodes';

/** A WhatsApp platform refusal met while serving a request, as the RetCode the user sees (never a 5xx). */
export function whatsappRefusal(error: unknown, codeField?: string): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (codeField && (error.refusal === 'badRequest' || error.refusal === 'unauthorized'))
    return new ApiError(
      RetCode.WhatsAppSignUpRefused,
      {},
      { Fields: [{ Field: codeField, Key: 'validation:waCodeRefused' }] },
    );
  if (error.refusal === 'unauthorized' || error.refusal === 'forbidden')
    return new ApiError(RetCode.WhatsAppSignUpRefused);
  return new ApiError(RetCode.WhatsAppUnavailable);
}
