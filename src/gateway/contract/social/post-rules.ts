import { TG_LIMITS } from '../telegram';
import { SOCIAL_PLATFORM, type SocialPlatformType } from './platforms';

// The social post rules of spec 001 §5, one table for every platform, shared by the composer (live, as
// the user types) and the server (SaveSocialPost). Pure: the caller says what the media are.
// A problem names the field it is about; the caller adds the profile (postProblemsForProfiles).

export type PostMediaKind = 'image' | 'gif' | 'video';
export interface PostMedia {
  kind: PostMediaKind;
  /** bytes */
  size: number;
}

/** TikTok's privacy levels (TikTok's Content Posting API names). */
export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];
export const TIKTOK_PRIVATE_LEVEL: TikTokPrivacyLevel = 'SELF_ONLY';

export interface TikTokOptions {
  title: string;
  /** '' until chosen */
  privacyLevel: TikTokPrivacyLevel | '';
  allowDuet: boolean;
  allowStitch: boolean;
  allowComment: boolean;
  /** null until the user says yes or no */
  brandedContent: boolean | null;
}

export interface PostDraft {
  text: string;
  media: PostMedia[];
  youTubeTitle: string;
  tikTok: TikTokOptions;
}

export const SOCIAL_POST_LIMITS = {
  maxImages: 10,
  maxVideos: 1,
  maxGifs: 1,
  /** "1 video ≤ 512 MB" */
  videoMaxBytes: 512 * 1024 * 1024,
  /** Twitter: 3 images, or 2 images and 1 GIF: 3 pictures in all. */
  twitterMaxPictures: 3,
  titleMax: 100,
} as const;

interface PlatformRule {
  textMax: number;
  /** a video is required and images are refused (TikTok, YouTube) */
  videoOnly: boolean;
  /** an image or a video is required (Instagram) */
  mediaRequired: boolean;
  maxPictures: number;
  title: 'youTube' | 'tikTok' | null;
}

export const SOCIAL_POST_RULES: Record<SocialPlatformType, PlatformRule> = {
  [SOCIAL_PLATFORM.Facebook]: rule(63_206),
  [SOCIAL_PLATFORM.Instagram]: { ...rule(2_000), mediaRequired: true },
  [SOCIAL_PLATFORM.LinkedIn]: rule(1_300),
  [SOCIAL_PLATFORM.Twitter]: { ...rule(280), maxPictures: SOCIAL_POST_LIMITS.twitterMaxPictures },
  [SOCIAL_PLATFORM.YouTube]: { ...rule(1_500), videoOnly: true, title: 'youTube' },
  [SOCIAL_PLATFORM.TikTok]: { ...rule(2_200), videoOnly: true, title: 'tikTok' },
  // Spec 001 names no social limit for Telegram: its own text limit (4096).
  [SOCIAL_PLATFORM.Telegram]: rule(TG_LIMITS.textMax),
};

function rule(textMax: number): PlatformRule {
  return { textMax, videoOnly: false, mediaRequired: false, maxPictures: SOCIAL_POST_LIMITS.maxImages, title: null };
}

/** Fields of SaveSocialPost a problem points at. */
export type PostField =
  'Text' | 'MediaFileIds' | 'YouTube.Title' | 'TikTok.Title' | 'TikTok.PrivacyLevel' | 'TikTok.BrandedContent';

export interface PostProblem {
  field: PostField;
  /** an i18n key (namespace validation) */
  key: string;
  /** the limit the key's text names */
  limit?: number;
}

/** Every rule of the platform the draft breaks, in field order; none means it can be posted there. */
export function postProblems(platform: SocialPlatformType, draft: PostDraft): PostProblem[] {
  const rules = SOCIAL_POST_RULES[platform];
  const problems: PostProblem[] = [];
  const text = draft.text.trim();
  const count = (kind: PostMediaKind) => draft.media.filter((m) => m.kind === kind).length;
  const [images, gifs, videos] = [count('image'), count('gif'), count('video')];
  const pictures = images + gifs;

  if (!text && draft.media.length === 0) problems.push({ field: 'Text', key: 'validation:socialTextOrImage' });
  if ([...draft.text].length > rules.textMax)
    problems.push({ field: 'Text', key: 'validation:socialTextTooLong', limit: rules.textMax });

  const media = (key: string, limit?: number) =>
    problems.push({ field: 'MediaFileIds', key, ...(limit === undefined ? {} : { limit }) });
  if (rules.videoOnly) {
    if (pictures > 0) media('validation:socialVideoOnly');
    else if (videos === 0) media('validation:socialVideoRequired');
  } else if (rules.mediaRequired && draft.media.length === 0) media('validation:socialMediaRequired');
  if (pictures > 0 && videos > 0) media('validation:socialOneMediaKind');
  if (videos > SOCIAL_POST_LIMITS.maxVideos) media('validation:socialOneVideo');
  if (gifs > SOCIAL_POST_LIMITS.maxGifs) media('validation:socialOneGif');
  if (!rules.videoOnly && pictures > rules.maxPictures) media('validation:socialTooManyImages', rules.maxPictures);
  if (draft.media.some((m) => m.kind === 'video' && m.size > SOCIAL_POST_LIMITS.videoMaxBytes))
    media('validation:socialVideoTooLarge', 512);

  if (rules.title === 'youTube') titleProblems(problems, 'YouTube.Title', draft.youTubeTitle);
  if (rules.title === 'tikTok') {
    titleProblems(problems, 'TikTok.Title', draft.tikTok.title);
    if (!draft.tikTok.privacyLevel)
      problems.push({ field: 'TikTok.PrivacyLevel', key: 'validation:socialPrivacyRequired' });
    if (draft.tikTok.brandedContent === null)
      problems.push({ field: 'TikTok.BrandedContent', key: 'validation:socialBrandedRequired' });
    else if (draft.tikTok.brandedContent && draft.tikTok.privacyLevel === TIKTOK_PRIVATE_LEVEL)
      problems.push({ field: 'TikTok.BrandedContent', key: 'validation:socialBrandedNotPrivate' });
  }
  return problems;
}

function titleProblems(problems: PostProblem[], field: PostField, title: string) {
  if (!title.trim()) problems.push({ field, key: 'validation:socialTitleRequired' });
  else if ([...title].length > SOCIAL_POST_LIMITS.titleMax)
    problems.push({ field, key: 'validation:socialTitleTooLong', limit: SOCIAL_POST_LIMITS.titleMax });
}

export interface ProfileProblem extends PostProblem {
  profileId: string;
  platform: SocialPlatformType;
}

/** The problems of every chosen profile, each naming its profile. */
export function postProblemsForProfiles(
  profiles: readonly { profileId: string; platform: SocialPlatformType }[],
  draft: PostDraft,
): ProfileProblem[] {
  return profiles.flatMap((p) => postProblems(p.platform, draft).map((problem) => ({ ...problem, ...p })));
}

export function mediaKindOf(contentType: string): PostMediaKind | null {
  if (contentType === 'image/gif') return 'gif';
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  return null;
}

export const emptyTikTokOptions = (): TikTokOptions => ({
  title: '',
  privacyLevel: '',
  allowDuet: false,
  allowStitch: false,
  allowComment: true,
  brandedContent: null,
});
