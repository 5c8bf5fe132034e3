import { describe, expect, it } from 'vitest';
import { GatewayError } from './call';
import { serverFieldErrors } from './failures';
import { RetCode } from '../contract/retcodes';

describe('serverFieldErrors', () => {
  const refusal = (Fields: { Field: string; Key: string }[]) =>
    new GatewayError('SaveMKTPlan', RetCode.ValidationError, 'refused', { Fields });

  it('puts each named field error on the form field, the first one per field', () => {
    const error = refusal([
      { Field: 'Name', Key: 'validation:nameRequired' },
      { Field: 'Name', Key: 'validation:nameTooLong' },
      { Field: 'Other', Key: 'validation:required' },
    ]);
    expect(serverFieldErrors(error, { Name: 'name' })).toEqual({ name: 'validation:nameRequired' });
  });

  it('says a field the Action does not take is not accepted, without the name the text needs', () => {
    const error = refusal([{ Field: 'Name', Key: 'validation:unknownField' }]);
    expect(serverFieldErrors(error, { Name: 'name' })).toEqual({ name: 'validation:fieldNotAccepted' });
  });
});
