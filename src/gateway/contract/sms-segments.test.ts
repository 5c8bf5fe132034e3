import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms-segments';
import { templateWordCount, variableEndsBody, variablesInOrder, renderTemplate } from './sms-template';

const a = (n: number) => 'a'.repeat(n);
const zh = (n: number) => '短'.repeat(n);

describe('countSmsSegments', () => {
  it.each([
    ['empty', '', undefined, 'GSM7', 0, 0],
    ['GSM 1 char', 'a', undefined, 'GSM7', 1, 1],
    ['GSM 160 is one part', a(160), undefined, 'GSM7', 160, 1],
    ['GSM 161 is two parts of 154', a(161), undefined, 'GSM7', 161, 2],
    ['GSM 308 is two parts', a(308), undefined, 'GSM7', 308, 2],
    ['GSM 309 is three parts', a(309), undefined, 'GSM7', 309, 3],
    ['GSM accented letters of the basic set', 'Café é à ñ ü', undefined, 'GSM7', 12, 1],
    ['extension chars count 2', '{}[]~^|\\€', undefined, 'GSM7', 18, 1],
    ['159 + one extension char overflows', a(159) + '€', undefined, 'GSM7', 161, 2],
    ['Chinese is UCS-2', zh(70), undefined, 'UCS2', 70, 1],
    ['Chinese 71 is two parts of 67', zh(71), undefined, 'UCS2', 71, 2],
    ['Chinese 134 is two parts', zh(134), undefined, 'UCS2', 134, 2],
    ['Chinese 135 is three parts', zh(135), undefined, 'UCS2', 135, 3],
    ['one non-GSM char makes it all UCS-2', a(69) + 'ç', undefined, 'UCS2', 70, 1],
    ['emoji counts two UTF-16 units', '😀', undefined, 'UCS2', 2, 1],
    ['35 emoji fill one part', '😀'.repeat(35), undefined, 'UCS2', 70, 1],
    ['36 emoji need two parts', '😀'.repeat(36), undefined, 'UCS2', 72, 2],
    ['Malaysia adds an 8-character prefix', a(152), 'MY', 'GSM7', 160, 1],
    ['Malaysia prefix overflows at 153', a(153), 'MY', 'GSM7', 161, 2],
    ['Turkey adds a 5-character suffix', a(155), 'TR', 'GSM7', 160, 1],
    ['Turkey suffix overflows at 156', a(156), 'TR', 'GSM7', 161, 2],
    ['South Korea adds 6', zh(64), 'KR', 'UCS2', 70, 1],
    ['South Korea overflows at 65 UCS-2', zh(65), 'KR', 'UCS2', 71, 2],
    ['country code is case-insensitive', a(152), 'my', 'GSM7', 160, 1],
    ['other countries add nothing', a(160), 'US', 'GSM7', 160, 1],
  ] as const)('%s', (_name, text, country, encoding, units, segments) => {
    const count = countSmsSegments(text, country);
    expect(count.encoding).toBe(encoding);
    expect(count.units).toBe(units);
    expect(count.segments).toBe(segments);
    if (segments > 0) expect(count.remaining).toBe(count.segments * count.perSegment - count.units);
  });
});

describe('template rules', () => {
  it.each([
    ['Hello {{1}}, your code is {{2}} today', true],
    ['{{1}} {{1}} {{2}} words here', true],
    ['Hello {{2}} then {{1}}', false],
    ['Hello {{0}} there', false],
    ['No variables at all', true],
  ])('variables in order: %s', (content, ok) => expect(variablesInOrder(content)).toBe(ok));

  it.each([
    ['Your code is {{1}}', true],
    ['Your code is {{1}}.', true],
    ['Your code is {{1}}, thanks', false],
  ])('variable ending the body: %s', (content, ends) => expect(variableEndsBody(content)).toBe(ends));

  it('counts words outside placeholders; each Chinese character is a word', () => {
    expect(templateWordCount('Hello {{1}}, your code is ready')).toBe(5);
    expect(templateWordCount('您的验证码')).toBe(5);
  });

  it('renders values into placeholders', () => {
    expect(renderTemplate('Hi {{1}}, code {{2}} ok', ['Ann', '42'])).toBe('Hi Ann, code 42 ok');
    expect(renderTemplate('Hi {{1}} ok', [])).toBe('Hi {{1}} ok');
  });
});
