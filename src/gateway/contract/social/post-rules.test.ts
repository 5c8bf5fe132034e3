import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SOCIAL_PLATFORM, SOCIAL_PLATFORM_TYPES, type SocialPlatformType } from './platforms';
import {
  emptyTikTokOptions,
  postProblems,
  postProblemsForProfiles,
  SOCIAL_POST_RULES,
  type PostDraft,
  type PostMedia,
} from './post-rules';

const { Facebook, Instagram, LinkedIn, Twitter, YouTube, TikTok, Telegram } = SOCIAL_PLATFORM;
const MB = 1024 * 1024;
const image: PostMedia = { kind: 'image', size: MB };
const gif: PostMedia = { kind: 'gif', size: MB };
const video = (size = 10 * MB): PostMedia => ({ kind: 'video', size });
const tikTokReady = {
  ...emptyTikTokOptions(),
  title: 'Clip',
  privacyLevel: 'PUBLIC_TO_EVERYONE',
  brandedContent: false,
} as const;

const draft = (over: Partial<PostDraft> = {}): PostDraft => ({
  text: 'Hello',
  media: [],
  youTubeTitle: '',
  tikTok: emptyTikTokOptions(),
  ...over,
});
const keys = (platform: SocialPlatformType, d: PostDraft) =>
  postProblems(platform, d).map((p) => `${p.field}:${p.key.replace('validation:', '')}`);

describe('social post rules (spec 001 §5), per platform', () => {
  it.each([
    ['text only on Facebook', Facebook, draft(), []],
    ['nothing at all', Facebook, draft({ text: '  ' }), ['Text:socialTextOrImage']],
    ['an image and no text', LinkedIn, draft({ text: '', media: [image] }), []],
    ['281 characters on Twitter', Twitter, draft({ text: 'x'.repeat(281) }), ['Text:socialTextTooLong']],
    ['280 characters on Twitter', Twitter, draft({ text: 'x'.repeat(280) }), []],
    ['1301 on LinkedIn', LinkedIn, draft({ text: 'x'.repeat(1301) }), ['Text:socialTextTooLong']],
    [
      '2001 on Instagram with an image',
      Instagram,
      draft({ text: 'x'.repeat(2001), media: [image] }),
      ['Text:socialTextTooLong'],
    ],
    ['63207 on Facebook', Facebook, draft({ text: 'x'.repeat(63_207) }), ['Text:socialTextTooLong']],
    ['Instagram without media', Instagram, draft(), ['MediaFileIds:socialMediaRequired']],
    ['Instagram with a video', Instagram, draft({ media: [video()] }), []],
    ['TikTok with images', TikTok, draft({ media: [image], tikTok: tikTokReady }), ['MediaFileIds:socialVideoOnly']],
    ['TikTok without a video', TikTok, draft({ tikTok: tikTokReady }), ['MediaFileIds:socialVideoRequired']],
    ['TikTok ready', TikTok, draft({ media: [video()], tikTok: tikTokReady }), []],
    [
      'TikTok with nothing chosen',
      TikTok,
      draft({ media: [video()] }),
      [
        'TikTok.Title:socialTitleRequired',
        'TikTok.PrivacyLevel:socialPrivacyRequired',
        'TikTok.BrandedContent:socialBrandedRequired',
      ],
    ],
    [
      'TikTok branded content and private',
      TikTok,
      draft({ media: [video()], tikTok: { ...tikTokReady, privacyLevel: 'SELF_ONLY', brandedContent: true } }),
      ['TikTok.BrandedContent:socialBrandedNotPrivate'],
    ],
    [
      '2201 on TikTok',
      TikTok,
      draft({ text: 'x'.repeat(2201), media: [video()], tikTok: tikTokReady }),
      ['Text:socialTextTooLong'],
    ],
    ['YouTube without a title', YouTube, draft({ media: [video()] }), ['YouTube.Title:socialTitleRequired']],
    [
      'YouTube with a 101-character title',
      YouTube,
      draft({ media: [video()], youTubeTitle: 'y'.repeat(101) }),
      ['YouTube.Title:socialTitleTooLong'],
    ],
    [
      '1501 on YouTube',
      YouTube,
      draft({ text: 'x'.repeat(1501), media: [video()], youTubeTitle: 'T' }),
      ['Text:socialTextTooLong'],
    ],
    ['images and a video together', Facebook, draft({ media: [image, video()] }), ['MediaFileIds:socialOneMediaKind']],
    ['two videos', Facebook, draft({ media: [video(), video()] }), ['MediaFileIds:socialOneVideo']],
    ['a 600 MB video', Facebook, draft({ media: [video(600 * MB)] }), ['MediaFileIds:socialVideoTooLarge']],
    ['a 512 MB video', Facebook, draft({ media: [video(512 * MB)] }), []],
    ['two GIFs', Facebook, draft({ media: [gif, gif] }), ['MediaFileIds:socialOneGif']],
    ['10 images', Facebook, draft({ media: Array(10).fill(image) }), []],
    ['11 images', Facebook, draft({ media: Array(11).fill(image) }), ['MediaFileIds:socialTooManyImages']],
    ['3 images on Twitter', Twitter, draft({ media: [image, image, image] }), []],
    [
      '4 images on Twitter',
      Twitter,
      draft({ media: [image, image, image, image] }),
      ['MediaFileIds:socialTooManyImages'],
    ],
    ['2 images and a GIF on Twitter', Twitter, draft({ media: [image, image, gif] }), []],
    [
      '3 images and a GIF on Twitter',
      Twitter,
      draft({ media: [image, image, image, gif] }),
      ['MediaFileIds:socialTooManyImages'],
    ],
    ['4096 on Telegram', Telegram, draft({ text: 'x'.repeat(4096) }), []],
  ] as const)('%s', (_name, platform, d, expected) => {
    expect(keys(platform, d)).toEqual(expected);
  });

  it('names the limit of a too-long text and the profile of each problem', () => {
    const problems = postProblemsForProfiles(
      [
        { profileId: 'SP1', platform: Twitter },
        { profileId: 'SP2', platform: Instagram },
      ],
      draft({ text: 'x'.repeat(281) }),
    );
    expect(problems).toEqual([
      { profileId: 'SP1', platform: Twitter, field: 'Text', key: 'validation:socialTextTooLong', limit: 280 },
      { profileId: 'SP2', platform: Instagram, field: 'MediaFileIds', key: 'validation:socialMediaRequired' },
    ]);
  });

  it('property: a text is too long exactly when it has more characters than the platform allows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(Facebook, LinkedIn, Twitter, Telegram),
        fc.integer({ min: 1, max: 3_000 }),
        (platform, length) => {
          const tooLong = keys(platform, draft({ text: 'é'.repeat(length) })).includes('Text:socialTextTooLong');
          expect(tooLong).toBe(length > SOCIAL_POST_RULES[platform].textMax);
        },
      ),
    );
  });

  it('property: problems never depend on the order of the media', () => {
    const mediaArb = fc.array(
      fc.record({ kind: fc.constantFrom('image', 'gif', 'video'), size: fc.integer({ min: 1, max: 700 * MB }) }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...SOCIAL_PLATFORM_TYPES), mediaArb, (platform, media) => {
        const forward = keys(platform, draft({ media: media as PostMedia[] }));
        const backward = keys(platform, draft({ media: [...media].reverse() as PostMedia[] }));
        expect(backward).toEqual(forward);
      }),
    );
  });
});
