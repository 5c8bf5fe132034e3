import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { waSandboxTemplates } from '../db/schema';
import {
  WaPlatformRefused,
  WaPlatformUnavailable,
  type GraphTemplate,
  type PlatformTemplate,
  type WhatsAppTemplatePlatform,
} from './platform';

/*
 * The sandbox WhatsApp template platform (docs/decisions.md "WhatsApp templates"). It keeps what was
 * submitted in its own table and reviews by these deterministic rules, WA_TEMPLATE_REVIEW_DELAY_MS
 * (default 5000) after each submission or edit; until then a template is PENDING:
 *  - a name starting with `limit_`                       -> LIMIT_EXCEEDED
 *  - a body containing the word `badformat`              -> REJECTED, reason INVALID_FORMAT
 *  - a body containing the word `spammy`                 -> REJECTED, reason PROMOTIONAL
 *  - anything else                                       -> APPROVED
 * A name starting with `refuse_` is refused at submission (the platform's own error); while a business
 * account has a template whose name starts with `fetchfail_`, listing its templates fails (Herald answers
 * 17109) until that template is deleted.
 */

export const waTemplateReviewDelayMs = (env: NodeJS.ProcessEnv = process.env): number => {
  const value = Number(env.WA_TEMPLATE_REVIEW_DELAY_MS);
  return Number.isFinite(value) && value >= 0 && env.WA_TEMPLATE_REVIEW_DELAY_MS !== '' ? value : 5000;
};

type SandboxRow = typeof waSandboxTemplates.$inferSelect;

const bodyOf = (row: SandboxRow) =>
  ((row.components as GraphTemplate['components']).find((c) => c.type === 'BODY') as { text?: string } | undefined)
    ?.text ?? '';

/** The sandbox's verdict on a submission once its review time has passed. */
export function sandboxVerdict(name: string, body: string): { status: string; reason: string } {
  if (name.startsWith('limit_')) return { status: 'LIMIT_EXCEEDED', reason: '' };
  if (/\bbadformat\b/i.test(body)) return { status: 'REJECTED', reason: 'INVALID_FORMAT' };
  if (/\bspammy\b/i.test(body)) return { status: 'REJECTED', reason: 'PROMOTIONAL' };
  return { status: 'APPROVED', reason: '' };
}

export function sandboxTemplatePlatform(
  db: Db,
  clock: Clock,
  delayMs = waTemplateReviewDelayMs(),
): WhatsAppTemplatePlatform {
  const toPlatform = (row: SandboxRow): PlatformTemplate => {
    const reviewed = clock.nowMs() - row.submittedAt.getTime() >= delayMs;
    const verdict = reviewed ? sandboxVerdict(row.name, bodyOf(row)) : { status: 'PENDING', reason: '' };
    return {
      id: row.id,
      name: row.name,
      language: row.language,
      category: row.category,
      components: row.components as GraphTemplate['components'],
      status: verdict.status,
      ...(verdict.reason ? { rejected_reason: verdict.reason } : {}),
    };
  };
  return {
    async submit(waba, template) {
      if (template.name.startsWith('refuse_')) throw new WaPlatformRefused('sandbox: refuse_ name');
      const id = `sbx${randomBytes(8).toString('hex')}`;
      await db.insert(waSandboxTemplates).values({
        id,
        wabaRef: waba,
        name: template.name,
        language: template.language,
        category: template.category,
        components: template.components,
        submittedAt: clock.now(),
      });
      return { id, status: 'PENDING', category: template.category };
    },
    async edit(waba, id, template) {
      const updated = await db
        .update(waSandboxTemplates)
        .set({ category: template.category, components: template.components, submittedAt: clock.now() })
        .where(
          and(
            eq(waSandboxTemplates.id, id),
            eq(waSandboxTemplates.wabaRef, waba),
            eq(waSandboxTemplates.deleted, false),
          ),
        )
        .returning({ id: waSandboxTemplates.id });
      if (updated.length === 0) throw new WaPlatformRefused('sandbox: no such template');
      return { success: true };
    },
    async deleteByName(waba, name) {
      await db
        .update(waSandboxTemplates)
        .set({ deleted: true })
        .where(and(eq(waSandboxTemplates.wabaRef, waba), eq(waSandboxTemplates.name, name)));
      return { success: true };
    },
    async list(waba, query = {}) {
      const live = and(eq(waSandboxTemplates.wabaRef, waba), eq(waSandboxTemplates.deleted, false));
      const [failing] = await db
        .select({ id: waSandboxTemplates.id })
        .from(waSandboxTemplates)
        .where(and(live, like(waSandboxTemplates.name, 'fetchfail\\_%')))
        .limit(1);
      if (failing) throw new WaPlatformUnavailable('sandbox: fetchfail_ template');
      const rows = await db
        .select()
        .from(waSandboxTemplates)
        .where(query.name ? and(live, eq(waSandboxTemplates.name, query.name)) : live);
      return { data: rows.map(toPlatform) };
    },
  };
}
