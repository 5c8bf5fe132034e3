import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerDeps } from '../../context';
import { requestLang, type Lang } from '../../messages';
import { UNSUBSCRIBE_PATH } from '../../email/list-unsubscribe';
import { suppressEmail } from '../../email/suppression';
import { recordUnsubscribe } from '../../email/tracking';
import { unsubscribeSecret, verifyUnsubscribeToken } from '../../email/unsubscribe-token';
import { renderUnsubscribePage } from './unsubscribe-page';

/**
 * The public unsubscribe gateway of marketing mail: GET /u/:token shows a confirmation (a link scanner
 * that follows it unsubscribes nobody); POST /u/:token with `List-Unsubscribe=One-Click` (RFC 8058,
 * sent by the mailbox provider or by the confirmation's form) suppresses the address for e-mail.
 */
export function registerUnsubscribeRoutes(app: Hono, deps: ServerDeps): void {
  const langOf = (c: Context): Lang => {
    const asked = c.req.query('lang');
    if (asked === 'en' || asked === 'zh') return asked;
    return requestLang(c.req.header('cookie'), c.req.header('accept-language'));
  };
  const subjectOf = async (token: string) => verifyUnsubscribeToken(await unsubscribeSecret(deps.database.db), token);

  app.get(`${UNSUBSCRIBE_PATH}/:token`, async (c) => {
    const subject = await subjectOf(c.req.param('token'));
    if (!subject) return c.html(renderUnsubscribePage('invalid', langOf(c)), 400);
    return c.html(renderUnsubscribePage('confirm', langOf(c), subject.address));
  });

  app.post(
    `${UNSUBSCRIBE_PATH}/:token`,
    bodyLimit({ maxSize: 4096, onError: (c) => c.html(renderUnsubscribePage('invalid', langOf(c)), 413) }),
    async (c) => {
      const subject = await subjectOf(c.req.param('token'));
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      if (!subject || form['List-Unsubscribe'] !== 'One-Click')
        return c.html(renderUnsubscribePage('invalid', langOf(c)), 400);
      await suppressEmail(deps.database.db, {
        userId: subject.userId,
        address: subject.address,
        reason: 'unsubscribe',
        at: deps.clock.now(),
      });
      await recordUnsubscribe(deps.database.db, { ...subject, at: deps.clock.now() });
      return c.html(renderUnsubscribePage('done', langOf(c), subject.address));
    },
  );
}
