// Telegram rules both ends apply (spec 001 §1, §4, §5, §9): post statuses, the image limits, the trial's
// verified groups. No zod here: the upload field needs these before the schemas load.

export { TG_POST_STATUS } from './statuses';

export const TG_LIMITS = {
  /** "Telegram image under 5MB": strictly below 5 × 1024 × 1024 bytes. */
  imageMaxBytes: 5 * 1024 * 1024 - 1,
  /** "width plus height at most 10000 px" */
  imageMaxSidesSum: 10_000,
  /** "ratio at most 20": the long side over the short side. */
  imageMaxRatio: 20,
  /** "5 Telegram groups" as trial targets (spec 001 §9). */
  trialGroups: 5,
  /** Telegram's own limits: a message 4096 characters, a photo caption 1024. */
  textMax: 4096,
  captionMax: 1024,
  groupsPerPost: 50,
} as const;

/** The image types Telegram's sendPhoto takes as a photo. */
export const TG_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type TgImageIssue = 'size' | 'sides' | 'ratio';

/** The first rule an image breaks, or null: the upload field and CreateTGTask both ask this. */
export function tgImageIssue(image: { size: number; width: number; height: number }): TgImageIssue | null {
  if (image.size > TG_LIMITS.imageMaxBytes) return 'size';
  if (image.width <= 0 || image.height <= 0 || image.width + image.height > TG_LIMITS.imageMaxSidesSum) return 'sides';
  const long = Math.max(image.width, image.height);
  const short = Math.min(image.width, image.height);
  if (long / short > TG_LIMITS.imageMaxRatio) return 'ratio';
  return null;
}

/** The i18n key (namespace validation) of each image refusal. */
export const TG_IMAGE_ISSUE_KEYS = {
  size: 'validation:tgImageTooLarge',
  sides: 'validation:tgImageTooWide',
  ratio: 'validation:tgImageRatio',
} as const satisfies Record<TgImageIssue, string>;

/** A Bot API token: the bot's numeric id, a colon and 35 characters (what @BotFather hands out). */
export const TG_TOKEN_PATTERN = /^\d{5,12}:[A-Za-z0-9_-]{35}$/;
/** Chat ids of groups and supergroups are negative integers. */
export const TG_CHAT_ID_PATTERN = /^-\d{5,16}$/;
