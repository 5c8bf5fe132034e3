import { z } from 'zod';

// Short links (spec 001 §3 "Short link", §5 rules, §9 refresh): the rules both ends apply. The destination
// is parsed with URL and must be http or https; UTM source, medium and campaign are required; the
// "original URL" is the destination with the UTM parameters set on it.

export const SHORT_LINK_TITLE_MAX = 100;
export const SHORT_LINK_URL_MAX = 2048;
export const UTM_MAX = 100;
export const QR_SIZE_MIN = 100;
export const QR_SIZE_MAX = 1000;
export const QR_SIZE_DEFAULT = 300;
/** The gateway's own redirect path: `${origin}${SHORT_LINK_PATH}/${code}`. */
export const SHORT_LINK_PATH = '/s';
/** The query the QR variant adds (spec 001 §3). */
export const QR_ORIGIN_QUERY = 'origin=qr_code';
/** Statistics are refreshed every 10 minutes (spec 001 §9). */
export const SHORT_LINK_STATS_REFRESH_MS = 10 * 60_000;
/** Codes are base62, this long: 62^8 ≈ 2.2e14 possible codes. */
export const SHORT_CODE_LENGTH = 8;
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{8}$/;

/** The composers that insert short links (SMS, e-mail, WhatsApp); each names itself as the UTM source. */
export type ComposerChannel = 'sms' | 'email' | 'whatsapp';
/** The UTM medium a composer proposes (editable): a message sent to a contact (docs/decisions.md). */
export const COMPOSER_UTM_MEDIUM = 'message';

/** true for an absolute http(s) URL with a host, as URL parses it. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

export interface UtmParameters {
  source: string;
  medium: string;
  campaign: string;
  term?: string;
  content?: string;
}

/** The destination with utm_* set (replacing any the destination had); the empty optional ones left out. */
export function originalUrl(destination: string, utm: UtmParameters): string {
  const url = new URL(destination);
  const pairs: [string, string | undefined][] = [
    ['utm_source', utm.source],
    ['utm_medium', utm.medium],
    ['utm_campaign', utm.campaign],
    ['utm_term', utm.term],
    ['utm_content', utm.content],
  ];
  for (const [name, value] of pairs) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  return url.toString();
}

/** The UTM parameters of a URL (the inverse of originalUrl for its utm_* part). */
export function utmOf(value: string): Partial<UtmParameters> {
  const params = new URL(value).searchParams;
  const read = (name: string) => params.get(name) ?? undefined;
  const found: Partial<UtmParameters> = {
    source: read('utm_source'),
    medium: read('utm_medium'),
    campaign: read('utm_campaign'),
    term: read('utm_term'),
    content: read('utm_content'),
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined));
}

export const shortLinkUrlField = z
  .string({ message: 'validation:shortLinkUrlRequired' })
  .trim()
  .min(1, 'validation:shortLinkUrlRequired')
  .max(SHORT_LINK_URL_MAX, 'validation:shortLinkUrlTooLong')
  .refine(isWebUrl, 'validation:shortLinkUrlScheme');

const utmField = (requiredKey: string) =>
  z.string({ message: requiredKey }).trim().min(1, requiredKey).max(UTM_MAX, 'validation:utmTooLong');
const optionalUtmField = z.string().trim().max(UTM_MAX, 'validation:utmTooLong').optional();

export const shortLinkFormSchema = z
  .object({
    Title: z
      .string({ message: 'validation:shortLinkTitleRequired' })
      .trim()
      .min(1, 'validation:shortLinkTitleRequired')
      .max(SHORT_LINK_TITLE_MAX, 'validation:shortLinkTitleTooLong'),
    Url: shortLinkUrlField,
    UtmSource: utmField('validation:utmSourceRequired'),
    UtmMedium: utmField('validation:utmMediumRequired'),
    UtmCampaign: utmField('validation:utmCampaignRequired'),
    UtmTerm: optionalUtmField,
    UtmContent: optionalUtmField,
  })
  .strict();
export type ShortLinkForm = z.input<typeof shortLinkFormSchema>;

export const qrSizeField = z
  .number({ message: 'validation:qrSizeRange' })
  .int('validation:qrSizeRange')
  .min(QR_SIZE_MIN, 'validation:qrSizeRange')
  .max(QR_SIZE_MAX, 'validation:qrSizeRange');

/** The address of a short link, and its QR variant. */
export function shortLinkAddress(origin: string, code: string, qr = false): string {
  return `${origin}${SHORT_LINK_PATH}/${code}${qr ? `?${QR_ORIGIN_QUERY}` : ''}`;
}
