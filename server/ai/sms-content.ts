import type { UserContext } from '../context';
import { AI_SMS_LIMITS, type AiLanguage, type AiTone, type AiUsage } from '../../src/gateway/contract/actions/ai-text';
import { PLAN_AIM } from '../../src/gateway/contract/actions/mkt-plans';
import { SMS_LIMITS } from '../../src/gateway/contract/sms-constants';
import { countSmsSegments } from '../../src/gateway/contract/sms-segments';
import { aiTextFor, AiTextError, type AiSmsResult } from '../providers/ai';
import { withAiUse } from './quota';
import type { PlanInForce } from '../money/plan-gate';

// ContentGeneration (/campaign/create/sms-ai; docs/decisions.md "Campaigns from AI"): the AI text
// provider's 'sms' purpose, one use of AIGCRequestLimit (given back when it fails), and its answer made
// fit for an SMS template: one line of text without template braces, within AI_SMS_LIMITS.segmentsMax
// parts and the template's 1000 characters.

export interface SmsBriefRequest {
  Brief: string;
  Language: AiLanguage;
  Tone: AiTone;
  Aim: number;
}

/** A provider's text as an SMS template may store it; nothing left after cleaning is a failure. */
export function safeSmsContent(result: AiSmsResult): string {
  // braces would read as template variables ({{1}}), which the AI cannot fill
  let text = result.text.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim().slice(0, SMS_LIMITS.templateContentMax);
  while (text && countSmsSegments(text).segments > AI_SMS_LIMITS.segmentsMax) text = text.slice(0, -1).trimEnd();
  if (!text) throw new AiTextError('malformed', 'an empty SMS text after cleaning');
  return text;
}

export async function generateSmsContent(
  ctx: UserContext,
  plan: PlanInForce,
  request: SmsBriefRequest,
): Promise<{ Content: string; Usage: AiUsage }> {
  const { result, usage } = await withAiUse(ctx, plan, async () =>
    safeSmsContent(
      await aiTextFor(ctx).generate({
        purpose: 'sms',
        brief: request.Brief,
        language: request.Language,
        tone: request.Tone,
        aim: request.Aim === PLAN_AIM.Activation ? 'activation' : 'acquisition',
      }),
    ),
  );
  return { Content: result, Usage: usage };
}
