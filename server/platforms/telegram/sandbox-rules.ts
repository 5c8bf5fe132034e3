import { createHash } from 'node:crypto';
import { TG_TOKEN_PATTERN } from '../../../src/gateway/contract/telegram';

// The sandbox Bot API's rules (docs/decisions.md "Telegram sandbox"): everything follows from the token,
// so a test or a newcomer can produce every answer on purpose.
// - A token of the Bot API form (digits, a colon, 35 characters) is a bot; anything else is 401.
// - SANDBOX_REVOKED_TOKEN has the right form and is still refused with 401 (a revoked token).
// - The bot is in 7 supergroups, "Sandbox group A" … "G", whose ids come from the token's SHA-256.
// - Group F lets the bot in but not post: getChat works, sending is 403 (not enough rights).
// - Group G removed the bot ("blocked"): getChat and sending are 403.
// - Any other chat id is 400 "chat not found".
// - Members write in groups A-E (docs/decisions.md "Smart inbox"): the sandbox's own method
//   `sandboxMemberSays` (chat_id, text, from_name) makes one message there, and a bot message whose text
//   ends with a question mark is answered by "Sandbox member" right away (quoting it). getUpdates answers
//   the bot's 7 memberships (update ids 1-7) and then these messages (update id 100 + n) after `offset`.

export const SANDBOX_REVOKED_TOKEN = '123456789:REVOKEDrevokedREVOKEDrevokedREVOKED';
export const SANDBOX_GROUP_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const SANDBOX_READ_ONLY_GROUP = 'F';
export const SANDBOX_BLOCKED_GROUP = 'G';

export interface SandboxGroup {
  id: string;
  title: string;
  letter: (typeof SANDBOX_GROUP_LETTERS)[number];
}

export function sandboxBot(token: string): { id: number; username: string; firstName: string } | null {
  if (!TG_TOKEN_PATTERN.test(token) || token === SANDBOX_REVOKED_TOKEN) return null;
  const id = Number(token.split(':')[0]);
  return { id, username: `herald_sandbox_${id}_bot`, firstName: `Sandbox bot ${id}` };
}

/** The bot's groups: -100 and 10 digits from the token's hash each, in letter order. */
export function sandboxGroups(token: string): SandboxGroup[] {
  const digest = createHash('sha256').update(token).digest();
  return SANDBOX_GROUP_LETTERS.map((letter, index) => {
    const n = digest.readUInt32BE(index * 4) % 9_000_000_000;
    return { id: `-100${1_000_000_000 + n}`, title: `Sandbox group ${letter}`, letter };
  });
}

export const SANDBOX_MEMBER = 'Sandbox member';
/** Member messages' update ids start after the 7 memberships'. */
export const SANDBOX_UPDATE_BASE = 100;

/** The sandbox keys what members wrote by the token's hash: it keeps no token. */
export const sandboxTokenKey = (token: string) => createHash('sha256').update(token).digest('hex');

/** The member's answer to a bot message, or null when the bot asked nothing. */
export function sandboxMemberAnswer(text: string): string | null {
  const asked = text.trim();
  if (!/[?？]$/.test(asked)) return null;
  return `Answering "${asked.length > 60 ? `${asked.slice(0, 57)}...` : asked}": yes, thank you!`;
}
