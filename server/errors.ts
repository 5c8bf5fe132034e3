import { RetCode, type RetCodeName } from '../src/gateway/contract/retcodes';

/** A refusal the user can meet: answered as {RetCode, Message} in the user's language, never a 5xx. */
export class ApiError extends Error {
  constructor(
    readonly retCode: (typeof RetCode)[RetCodeName],
    readonly params: Record<string, string | number> = {},
    readonly data: Record<string, unknown> = {},
  ) {
    super(`RetCode ${retCode}`);
  }
}

export const fail = (code: (typeof RetCode)[RetCodeName], params?: Record<string, string | number>) =>
  new ApiError(code, params);

export const notFound = () => new ApiError(RetCode.NotFound);

/** A validation refusal naming one field with its i18n key (`validation:…`), like a schema's. */
export const fieldError = (field: string, key: string) =>
  new ApiError(RetCode.ValidationError, {}, { Fields: [{ Field: field, Key: key }] });
