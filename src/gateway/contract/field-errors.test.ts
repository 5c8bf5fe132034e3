import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf, issueKey } from './field-errors';
import validation from '../../i18n/locales/en/validation.json';

// Issue 19 item 9: a missing required field says it is required, in its own words.
const schema = z
  .object({
    BeginTime: z.number().int(),
    EndTime: z.number().int(),
    Name: z.string().trim().min(1),
    Other: z.string(),
    Email: z.string({ message: 'validation:emailRequired' }),
  })
  .strict();

describe('missing fields', () => {
  it('say what to enter, not "This value is not valid"', () => {
    expect(fieldErrorsOf(schema, {}, {})).toEqual({
      BeginTime: 'validation:beginTimeRequired',
      EndTime: 'validation:endTimeRequired',
      Name: 'validation:nameRequired',
      Other: 'validation:required',
      Email: 'validation:emailRequired',
    });
    expect(fieldErrorsOf(schema, { BeginTime: null, Name: '  ' }, { BeginTime: 'begin' })).toMatchObject({
      begin: 'validation:beginTimeRequired',
      Name: 'validation:nameRequired',
    });
  });

  it('keep "not valid" for a value of the wrong kind', () => {
    expect(fieldErrorsOf(schema, { BeginTime: 'soon', EndTime: 1.5 }, {})).toMatchObject({
      BeginTime: 'validation:invalid',
      EndTime: 'validation:invalid',
    });
  });

  it('have English words for every key they use', () => {
    for (const issue of schema.safeParse({}).error!.issues) {
      const key = issueKey(issue).replace('validation:', '');
      expect(validation[key as keyof typeof validation], key).toBeTruthy();
    }
    expect(validation.beginTimeRequired).toBe('Enter a begin time.');
  });
});
