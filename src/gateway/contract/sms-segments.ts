// The SMS segment counter (spec 001 §9), shared by the send form's live counter, the server's cost
// and the bench: plain GSM text is 160 characters in one part, 154 per part when longer; anything
// else is UCS-2, 70 then 67. The per-part figures are the spec's (154 keeps room for the
// concatenation header on every carrier Herald's sandbox models).

/** GSM 03.38 basic character set (without the escape code). */
const GSM_BASIC = new Set(
  Array.from(
    '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
  ),
);
/** The extension table: each takes an escape plus itself, so two of the 160. */
const GSM_EXTENSION = new Set(Array.from('^{}\\[~]|€\f'));

export const GSM_SINGLE = 160;
export const GSM_MULTI = 154;
export const UCS2_SINGLE = 70;
export const UCS2_MULTI = 67;

/**
 * Characters a country's carriers add to every message (spec 001 §9): Malaysia a prefix of 8,
 * Turkey a suffix of 5, South Korea a suffix of 6. They count in the message's own encoding.
 */
export const COUNTRY_SEGMENT_RULES: Readonly<Record<string, { prefix?: number; suffix?: number }>> = {
  MY: { prefix: 8 },
  TR: { suffix: 5 },
  KR: { suffix: 6 },
};

export interface SegmentCount {
  encoding: 'GSM7' | 'UCS2';
  /** Units the message takes: GSM septets (extension characters 2) or UTF-16 code units (emoji 2), country characters included. */
  units: number;
  /** Characters the country rule added. */
  countryUnits: number;
  segments: number;
  /** Units per part at this length (160/154 or 70/67). */
  perSegment: number;
  /** Units left before another part is needed. */
  remaining: number;
}

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM_BASIC.has(ch) && !GSM_EXTENSION.has(ch)) return false;
  return true;
}

function gsmUnits(text: string): number {
  let units = 0;
  for (const ch of text) units += GSM_EXTENSION.has(ch) ? 2 : 1;
  return units;
}

export function countSmsSegments(text: string, countryCode?: string): SegmentCount {
  const rule = countryCode ? COUNTRY_SEGMENT_RULES[countryCode.toUpperCase()] : undefined;
  const countryUnits = (rule?.prefix ?? 0) + (rule?.suffix ?? 0);
  const gsm = isGsm7(text);
  // UCS-2 counts UTF-16 code units: an emoji outside the BMP is a surrogate pair, so 2.
  const units = (gsm ? gsmUnits(text) : text.length) + (text.length > 0 ? countryUnits : 0);
  const single = gsm ? GSM_SINGLE : UCS2_SINGLE;
  const multi = gsm ? GSM_MULTI : UCS2_MULTI;
  if (units === 0)
    return {
      encoding: gsm ? 'GSM7' : 'UCS2',
      units: 0,
      countryUnits: 0,
      segments: 0,
      perSegment: single,
      remaining: single,
    };
  const segments = units <= single ? 1 : Math.ceil(units / multi);
  const perSegment = segments === 1 ? single : multi;
  return {
    encoding: gsm ? 'GSM7' : 'UCS2',
    units,
    countryUnits: text.length > 0 ? countryUnits : 0,
    segments,
    perSegment,
    remaining: segments * perSegment - units,
  };
}
