import type { UserContext } from '../context';
import { EMAIL_TEMPLATE_LIMITS, hasBrokenMergeTag } from '../../src/gateway/contract/email/template-rules';
import type { AiLanguage, AiTone, AiUsage, EmailDraft } from '../../src/gateway/contract/actions/ai-text';
import { aiTextFor, AiTextError, type AiEmailResult } from '../providers/ai';
import { requireModule } from '../money/plan-gate';
import { sanitizeEmailHtml } from '../email/sanitize-html';
import { withAiUse } from './quota';

// AI e-mail (/email/message/email-ai): the MarketingPlan module, one use of the quota, the provider,
// and its answer made safe to show and to save as a template (sanitised, clipped, merge tags closed).

export interface EmailDraftRequest {
  Brief: string;
  Language: AiLanguage;
  Tone: AiTone;
}

const oneLine = (text: string, max: number) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\{\{|\}\}/g, '')
    .trim()
    .slice(0, max);

/** A provider's draft as the console may show and store it. */
export function safeDraft(result: AiEmailResult): EmailDraft {
  const { html } = sanitizeEmailHtml(result.html);
  const body = hasBrokenMergeTag(html) ? html.replace(/\{\{/g, '{ {') : html;
  const subject = oneLine(result.subject, EMAIL_TEMPLATE_LIMITS.subjectMax);
  if (!subject || !body.replace(/<[^>]*>/g, '').trim())
    throw new AiTextError('malformed', 'an empty subject or body after sanitising');
  return {
    Subject: subject,
    PreviewText: oneLine(result.previewText, EMAIL_TEMPLATE_LIMITS.previewTextMax),
    Html: body.slice(0, EMAIL_TEMPLATE_LIMITS.htmlMaxChars),
  };
}

export async function generateEmailDraft(
  ctx: UserContext,
  request: EmailDraftRequest,
): Promise<{ Draft: EmailDraft; Usage: AiUsage }> {
  const plan = await requireModule(ctx.db, ctx.user.id, 'MarketingPlan', ctx.clock.now());
  const { result, usage } = await withAiUse(ctx, plan, async () =>
    safeDraft(
      await aiTextFor(ctx).generate({
        purpose: 'email',
        brief: request.Brief,
        language: request.Language,
        tone: request.Tone,
      }),
    ),
  );
  return { Draft: result, Usage: usage };
}
