import { describe, expect, it } from 'vitest';
import { fc } from '@fast-check/vitest';
import { isWebUrl, originalUrl, qrSizeField, shortLinkFormSchema, utmOf } from './short-links';

describe('destination check', () => {
  it.each([
    ['https://shop.example.com/a?b=1', true],
    ['http://localhost:8080/', true],
    ['javascript:alert(1)', false],
    ['ftp://x', false],
    ['data:text/html,hi', false],
    ['//evil.example', false],
    ['shop.example.com', false],
    ['https://', false],
  ])('%s -> %s', (url, ok) => {
    expect(isWebUrl(url)).toBe(ok);
  });
});

describe('UTM building and parsing', () => {
  it('sets the UTM parameters, keeps the destination’s own, replaces stale utm_*', () => {
    const url = originalUrl('https://shop.example.com/p?ref=a&utm_source=old#top', {
      source: 'news letter',
      medium: 'email',
      campaign: '春季',
      term: '',
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('ref')).toBe('a');
    expect(parsed.hash).toBe('#top');
    expect(utmOf(url)).toEqual({ source: 'news letter', medium: 'email', campaign: '春季' });
  });

  it('reads back what it wrote, for any values', () => {
    const value = fc.string({ minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(
        value,
        value,
        value,
        fc.option(value, { nil: undefined }),
        fc.option(value, { nil: undefined }),
        (source, medium, campaign, term, content) => {
          const url = originalUrl('https://example.com/x?y=1', { source, medium, campaign, term, content });
          expect(utmOf(url)).toEqual({
            source,
            medium,
            campaign,
            ...(term ? { term } : {}),
            ...(content ? { content } : {}),
          });
        },
      ),
    );
  });
});

describe('form and QR size', () => {
  it('refuses 99 and 1001 px, takes 100 and 1000', () => {
    expect(qrSizeField.safeParse(99).success).toBe(false);
    expect(qrSizeField.safeParse(1001).success).toBe(false);
    expect(qrSizeField.safeParse(100).success).toBe(true);
    expect(qrSizeField.safeParse(1000).success).toBe(true);
    expect(qrSizeField.safeParse(250.5).success).toBe(false);
  });

  it('says which field is wrong', () => {
    const result = shortLinkFormSchema.safeParse({
      Title: 'a',
      Url: 'ftp://x',
      UtmSource: 'a',
      UtmMedium: 'b',
      UtmCampaign: '',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['Url', 'validation:shortLinkUrlScheme'],
      ['UtmCampaign', 'validation:utmCampaignRequired'],
    ]);
  });
});
