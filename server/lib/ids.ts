import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Public ids: a two-letter kind (TK task, UT template, AR alarm rule, EX export, VA voice file, IM contact import, UM MMS template, UV voice template, ED e-mail domain, ES e-mail sender, ET e-mail template, SQ workflow, SL short link, TG Telegram post, AA ad opening application, RC ad recharge, LF library folder, LI library item, LG logo, MP marketing plan, CP campaign, IB inbox message, SP social profile, PS social post, WT WhatsApp template, AG WhatsApp agent campaign, AO ad operation, AZ ad authorisation, AI AI image, RB ad rebate, TM inbox teammate) and 16 random characters. */
export function newPublicId(
  prefix:
    | 'TK'
    | 'UT'
    | 'AR'
    | 'EX'
    | 'SN'
    | 'VA'
    | 'IM'
    | 'UM'
    | 'UV'
    | 'ED'
    | 'ES'
    | 'ET'
    | 'SQ'
    | 'SL'
    | 'TG'
    | 'AA'
    | 'RC'
    | 'LF'
    | 'LI'
    | 'LG'
    | 'MP'
    | 'CP'
    | 'IB'
    | 'AG'
    | 'SP'
    | 'PS'
    | 'WT'
    | 'AO'
    | 'AZ'
    | 'AI'
    | 'RB'
    | 'TM',
): string {
  const bytes = randomBytes(16);
  return prefix + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
