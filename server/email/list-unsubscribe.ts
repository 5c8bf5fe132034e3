import type { Db } from '../db/database';
import type { ListUnsubscribe } from '../providers/mail/types';
import { signUnsubscribeToken, unsubscribeSecret, type UnsubscribeSubject } from './unsubscribe-token';

/** The public path of the unsubscribe gateway (GET shows a confirmation, POST is RFC 8058's one-click). */
export const UNSUBSCRIBE_PATH = '/u';

export interface ListUnsubscribeSite {
  /** PUBLIC_URL: the gateway's public origin. */
  publicUrl: string;
  /** Herald's own mail domain: the mailto fallback goes to unsubscribe@ it. */
  ownDomain: string;
}

/** The List-Unsubscribe targets of one marketing mail (https one-click and mailto). */
export async function listUnsubscribeFor(
  db: Db,
  site: ListUnsubscribeSite,
  subject: UnsubscribeSubject,
): Promise<ListUnsubscribe> {
  const token = signUnsubscribeToken(await unsubscribeSecret(db), subject);
  return {
    url: `${site.publicUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}/${token}`,
    mailto: `unsubscribe@${site.ownDomain}?subject=unsubscribe%20${token}`,
  };
}
