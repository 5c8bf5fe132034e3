import type { Context, Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { ServerDeps } from '../../context';
import { waSandboxTemplates } from '../../db/schema';
import { WaPlatformRefused, WaPlatformUnavailable, type GraphTemplate } from '../../whatsapp-templates/platform';
import { sandboxTemplatePlatform, waTemplateReviewDelayMs } from '../../whatsapp-templates/sandbox-platform';
import { SANDBOX_APP_ID, whatsappAppSecret } from './app-credentials';
import { graphError } from './sandbox-graph-error';
import { grantOfToken, wabaIdOf } from './sandbox-rules';
import { deliverSandboxWebhook } from './sandbox-webhooks';

/*
 * The sandbox Cloud API's message_templates edge (docs/decisions.md "WhatsApp templates over the Graph
 * adapter"): what is submitted is kept in wa_sandbox_templates and reviewed by the rules of
 * server/whatsapp-templates/sandbox-platform.ts (names `limit_`, `refuse_`, `fetchfail_`; bodies with
 * `badformat`, `spammy`), WA_TEMPLATE_REVIEW_DELAY_MS after each submission or edit. Then the verdict is
 * posted to Herald's webhook as a signed `message_template_status_update` (event APPROVED, REJECTED with
 * its reason, LIMIT_EXCEEDED). A business account is the caller's when the bearer is its business token;
 * `herald-{userId}` (an account with no WABA connected) takes the app token `{app id}|{app secret}`.
 *   POST   /{waba}/message_templates        submit   -> {id, status: PENDING, category}
 *   GET    /{waba}/message_templates?name=  list     -> {data: [...]}; 500 while a `fetchfail_` one exists
 *   DELETE /{waba}/message_templates?name=  delete every language of the name -> {success}
 *   POST   /{template-id}                   edit (category, components) -> {success}
 */

const bearer = (c: Context) => (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');

/** Whether the caller may manage this business account's templates. */
async function mayManage(c: Context, deps: ServerDeps, waba: string): Promise<boolean> {
  const token = bearer(c);
  if (waba.startsWith('herald-'))
    return token === `${SANDBOX_APP_ID}|${await whatsappAppSecret(deps.database.db, deps.config)}`;
  const grant = grantOfToken(token);
  return grant !== null && wabaIdOf(grant) === waba;
}

/** The Graph API's webhook for a template's review. */
export function templateStatusBody(
  waba: string,
  template: { id: string; name: string; language: string },
  event: string,
  reason: string,
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: waba,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event,
              message_template_id: template.id,
              message_template_name: template.name,
              message_template_language: template.language,
              reason: reason || 'NONE',
            },
          },
        ],
      },
    ],
  };
}

export function registerSandboxMessageTemplates(app: Hono, deps: ServerDeps): void {
  const platform = () => sandboxTemplatePlatform(deps.database.db, deps.clock);
  const forbidden = (c: Context) => graphError(c, 403, 200, 'Permissions error');

  /** After the review time, the verdict of the template as it then is (edited or deleted meanwhile: as it is). */
  const reviewLater = (waba: string, id: string, name: string) => {
    const timer = setTimeout(async () => {
      const found = (
        await platform()
          .list(waba, { name })
          .catch(() => ({ data: [] }))
      ).data.find((t) => t.id === id);
      if (!found || found.status === 'PENDING') return;
      await deliverSandboxWebhook(
        deps,
        templateStatusBody(waba, found, found.status, found.rejected_reason ?? ''),
      ).catch(() => undefined);
    }, waTemplateReviewDelayMs() + 50);
    timer.unref?.();
  };

  const refused = (c: Context, error: unknown) => {
    if (error instanceof WaPlatformRefused) return graphError(c, 400, 100, 'Invalid parameter');
    if (error instanceof WaPlatformUnavailable) return graphError(c, 500, 1, 'An unknown error has occurred.');
    throw error;
  };

  app.post('/sandbox/whatsapp/:wabaId/message_templates', async (c) => {
    const waba = c.req.param('wabaId');
    if (!(await mayManage(c, deps, waba))) return forbidden(c);
    const body = (await c.req.json().catch(() => null)) as GraphTemplate | null;
    if (!body?.name || !body.language || !body.category || !Array.isArray(body.components))
      return graphError(c, 400, 100, 'Invalid parameter');
    try {
      const submitted = await platform().submit(waba, body);
      reviewLater(waba, submitted.id, body.name);
      return c.json(submitted);
    } catch (error) {
      return refused(c, error);
    }
  });
  app.get('/sandbox/whatsapp/:wabaId/message_templates', async (c) => {
    const waba = c.req.param('wabaId');
    if (!(await mayManage(c, deps, waba))) return forbidden(c);
    try {
      const name = c.req.query('name');
      return c.json(await platform().list(waba, name ? { name } : {}));
    } catch (error) {
      return refused(c, error);
    }
  });
  app.delete('/sandbox/whatsapp/:wabaId/message_templates', async (c) => {
    const waba = c.req.param('wabaId');
    if (!(await mayManage(c, deps, waba))) return forbidden(c);
    const name = c.req.query('name') ?? '';
    if (!name) return graphError(c, 400, 100, 'Invalid parameter');
    return c.json(await platform().deleteByName(waba, name));
  });
  app.post('/sandbox/whatsapp/:templateId', async (c) => {
    const id = c.req.param('templateId');
    const [row] = await deps.database.db.select().from(waSandboxTemplates).where(eq(waSandboxTemplates.id, id));
    if (!row) return graphError(c, 404, 100, 'Unsupported post request.');
    if (!(await mayManage(c, deps, row.wabaRef))) return forbidden(c);
    const body = (await c.req.json().catch(() => null)) as Pick<GraphTemplate, 'category' | 'components'> | null;
    if (!body?.category || !Array.isArray(body.components)) return graphError(c, 400, 100, 'Invalid parameter');
    try {
      const edited = await platform().edit(row.wabaRef, id, { ...body, name: row.name, language: row.language });
      reviewLater(row.wabaRef, id, row.name);
      return c.json(edited);
    } catch (error) {
      return refused(c, error);
    }
  });
}
