import { RetCode } from '../../src/gateway/contract/retcodes';
import { ApiError } from '../errors';

/** A validation refusal naming one field with its i18n key (the gateway words it in the user's language). */
export const fieldRefusal = (field: string, key: string) =>
  new ApiError(RetCode.ValidationError, {}, { Fields: [{ Field: field, Key: key }] });
