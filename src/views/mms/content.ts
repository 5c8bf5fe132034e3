import { parseMmsContent, type MmsContent } from '../../gateway/contract/mms-content';

/** An MMS task's or record's Content (JSON of subject, text and image ids); a damaged one reads as text. */
export function mmsContentOf(json: string): MmsContent {
  try {
    return parseMmsContent(json);
  } catch {
    return { Subject: '', Text: json, Images: [] };
  }
}

/** "Subject — text" in one line, for tables. */
export function mmsContentLine(json: string): string {
  const { Subject, Text } = mmsContentOf(json);
  return [Subject, Text].filter(Boolean).join(' — ');
}
