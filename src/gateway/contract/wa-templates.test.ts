import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  refineWaTemplate,
  waTemplateContentShape,
  waTemplateProblems,
  waVariablesInOrder,
  waWordCount,
  WA_AUTH_BODY,
  type WaTemplateContent,
} from './wa-templates';

const schema = z.object(waTemplateContentShape).superRefine(refineWaTemplate);
const base: WaTemplateContent = schema.parse({ Category: 'MARKETING', Body: 'Hello there, welcome to our shop today' });
const keysOf = (patch: Partial<WaTemplateContent>) =>
  waTemplateProblems({ ...base, ...patch }).map((p) => `${p.path.join('.')}:${p.key.replace('validation:', '')}`);

describe('WhatsApp template rules', () => {
  it.each<[string, Partial<WaTemplateContent>, string[]]>([
    ['a plain text template', {}, []],
    [
      'a variable ending the body',
      { Body: 'Your order number is ready for pickup {{1}}', BodySamples: ['7'] },
      ['Body:waVariableEndsBody'],
    ],
    [
      'a gap in variables',
      { Body: 'Hello {{1}} and {{3}} welcome to the shop today ok', BodySamples: ['a', 'b', 'c'] },
      ['Body:waVariableOrder'],
    ],
    [
      'variables out of order',
      { Body: 'Hello {{2}} and {{1}} welcome to our shop today now', BodySamples: ['a', 'b'] },
      ['Body:waVariableOrder'],
    ],
    ['too few words', { Body: 'Hi {{1}} there {{2}} ok', BodySamples: ['a', 'b'] }, ['Body:waBodyTooFewWords']],
    [
      'a missing sample',
      { Body: 'Dear {{1}} your parcel has shipped today, thanks!', BodySamples: [] },
      ['BodySamples.0:waSampleRequired'],
    ],
    ['an empty body', { Body: '  ' }, ['Body:waBodyRequired']],
    ['a body of 1025', { Body: 'a'.repeat(1025) }, ['Body:waBodyTooLong']],
    ['a header of 61', { HeaderFormat: 'TEXT', HeaderText: 'h'.repeat(61) }, ['HeaderText:waHeaderTextTooLong']],
    [
      'two header variables',
      { HeaderFormat: 'TEXT', HeaderText: 'Hi {{1}} {{2}}' },
      ['HeaderText:waHeaderOneVariable'],
    ],
    [
      'a header variable without sample',
      { HeaderFormat: 'TEXT', HeaderText: 'Hi {{1}}' },
      ['HeaderSample:waSampleRequired'],
    ],
    ['a footer variable', { Footer: 'Bye {{1}}' }, ['Footer:waFooterNoVariables']],
    ['a footer of 61', { Footer: 'f'.repeat(61) }, ['Footer:waFooterTooLong']],
    ['media without a sample', { Type: 'Media', HeaderFormat: 'IMAGE' }, ['HeaderMediaFileId:waMediaSampleRequired']],
    [
      'media type without a media header',
      { Type: 'Media', HeaderFormat: 'NONE' },
      ['HeaderFormat:waMediaFormatRequired'],
    ],
    [
      'four quick replies',
      { ButtonKind: 'QUICK_REPLY', Buttons: Array(4).fill({ Type: 'QUICK_REPLY', Text: 'Yes', Url: '', Phone: '' }) },
      ['Buttons:waQuickReplyCount'],
    ],
    [
      'a non-http URL',
      { ButtonKind: 'CALL_TO_ACTION', Buttons: [{ Type: 'URL', Text: 'Go', Url: 'ftp://shop.example', Phone: '' }] },
      ['Buttons.0.Url:waButtonUrl'],
    ],
    [
      'two URL buttons',
      {
        ButtonKind: 'CALL_TO_ACTION',
        Buttons: [
          { Type: 'URL', Text: 'Go', Url: 'https://a.example', Phone: '' },
          { Type: 'URL', Text: 'Go', Url: 'https://b.example', Phone: '' },
        ],
      },
      ['Buttons.1.Type:waOneUrlButton'],
    ],
    [
      'a local phone',
      {
        ButtonKind: 'CALL_TO_ACTION',
        Buttons: [{ Type: 'PHONE_NUMBER', Text: 'Call', Url: '', Phone: '020 7946 0958' }],
      },
      ['Buttons.0.Phone:waButtonPhone'],
    ],
    [
      'a button text of 26',
      { ButtonKind: 'QUICK_REPLY', Buttons: [{ Type: 'QUICK_REPLY', Text: 'x'.repeat(26), Url: '', Phone: '' }] },
      ['Buttons.0.Text:waButtonTextTooLong'],
    ],
    [
      'buttons without a kind',
      { Buttons: [{ Type: 'QUICK_REPLY', Text: 'Yes', Url: '', Phone: '' }] },
      ['Buttons:waButtonsNotAllowed'],
    ],
  ])('%s', (_name, patch, expected) => {
    expect(keysOf(patch)).toEqual(expected);
  });

  it('accepts a call-to-action with one URL and one international phone', () => {
    expect(
      keysOf({
        ButtonKind: 'CALL_TO_ACTION',
        Buttons: [
          { Type: 'URL', Text: 'Shop', Url: 'https://shop.example/sale', Phone: '' },
          { Type: 'PHONE_NUMBER', Text: 'Call us', Url: '', Phone: '+44 20 7946 0958' },
        ],
      }),
    ).toEqual([]);
  });

  const auth = {
    Category: 'AUTHENTICATION',
    Body: WA_AUTH_BODY,
    BodySamples: ['123456'],
    ButtonKind: 'COPY_CODE',
    Buttons: [{ Type: 'COPY_CODE', Text: 'Copy code', Url: '', Phone: '' }],
  } as const;
  it.each([
    [1, []],
    [90, []],
    [0, ['CodeExpiryMinutes:waCodeExpiry']],
    [91, ['CodeExpiryMinutes:waCodeExpiry']],
  ])('authentication with a code expiry of %i minutes', (minutes, expected) => {
    expect(
      keysOf({ ...auth, Buttons: [...auth.Buttons], BodySamples: [...auth.BodySamples], CodeExpiryMinutes: minutes }),
    ).toEqual(expected);
  });

  it('fixes the authentication body and its copy-code button', () => {
    expect(
      keysOf({ ...auth, Body: 'Your code is {{1}} ok', BodySamples: ['1'], Buttons: [], CodeExpiryMinutes: 10 }),
    ).toEqual(['Body:waAuthBodyFixed', 'Buttons:waAuthCopyCode']);
  });

  it('counts Chinese characters as words', () => {
    expect(waWordCount('您好 {{1}}，欢迎光临')).toBe(7);
  });

  it('any body whose variables run 1..n in order, with enough words and samples, passes the variable rules', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 4 }), (count, extraWords) => {
        const parts = Array.from({ length: count }, (_, i) => `word word word {{${i + 1}}}`);
        const body = `${parts.join(' ')} closing${' more'.repeat(extraWords)}`;
        const samples = Array.from({ length: count }, (_, i) => `s${i}`);
        expect(waTemplateProblems({ ...base, Body: body, BodySamples: samples })).toEqual([]);
      }),
    );
  });

  it('any skipped variable number breaks the order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 2, max: 9 }), (first, skip) => {
        const body = `a {{${first}}} b {{${first + skip}}} c`;
        expect(waVariablesInOrder(body)).toBe(first === 1 && skip === 1 ? true : false);
      }),
    );
  });

  it('never accepts a body that ends with a variable', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z ]{10,60}$/), fc.constantFrom('', '.', ' !', '  '), (words, tail) => {
        const keys = waTemplateProblems({ ...base, Body: `${words} {{1}}${tail}`, BodySamples: ['x'] }).map(
          (p) => p.key,
        );
        expect(keys.some((k) => k === 'validation:waVariableEndsBody' || k === 'validation:waBodyRequired')).toBe(true);
      }),
    );
  });
});
