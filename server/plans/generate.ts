import type { UserContext } from '../context';
import type { AiLanguage, AiTone, AiUsage } from '../../src/gateway/contract/actions/ai-text';
import {
  PLAN_AIM,
  PLAN_CHANNELS,
  PLAN_LIMITS,
  type PlanChannel,
  type PlanContent,
} from '../../src/gateway/contract/actions/mkt-plans';
import { aiTextFor, AiTextError, type AiPlanResult } from '../providers/ai';
import { withAiUse } from '../ai/quota';
import type { PlanInForce } from '../money/plan-gate';

// A plan's strategy from its brief (docs/decisions.md "Marketing plans"): the AI text provider's 'plan'
// purpose, one use of AIGCRequestLimit (given back when it fails), and its answer made to fit the plan:
// steps on the plan's channels only, days within 0-365, texts and summaries clipped, at most 20 steps.

export interface PlanBriefRequest {
  Brief: string;
  Language: AiLanguage;
  Aim: number;
  Industry: string;
  ProductCategory: string;
  Type: string;
  Tone: AiTone;
  Channels: PlanChannel[];
}

const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** A provider's strategy as the plan may store it; an answer with no usable step is a failure. */
export function safePlanContent(result: AiPlanResult, channels: PlanChannel[]): PlanContent {
  const steps = result.steps
    .filter(
      (step): step is typeof step & { channel: PlanChannel } =>
        (PLAN_CHANNELS as readonly string[]).includes(step.channel) && channels.includes(step.channel as PlanChannel),
    )
    .map((step) => ({
      Channel: step.channel,
      Day: Math.min(PLAN_LIMITS.dayMax, Math.max(0, Math.round(Number(step.day) || 0))),
      Text: step.text.trim().slice(0, PLAN_LIMITS.stepTextMax),
    }))
    .filter((step) => step.Text.length > 0)
    .slice(0, PLAN_LIMITS.stepsMax)
    .sort((a, b) => a.Day - b.Day);
  if (steps.length === 0) throw new AiTextError('malformed', 'no step on the plan’s channels');
  return {
    Goal: oneLine(result.goal, PLAN_LIMITS.summaryMax),
    Audience: oneLine(result.audience, PLAN_LIMITS.summaryMax),
    Steps: steps,
  };
}

export async function generatePlanContent(
  ctx: UserContext,
  plan: PlanInForce,
  request: PlanBriefRequest,
): Promise<{ Content: PlanContent; Usage: AiUsage }> {
  const { result, usage } = await withAiUse(ctx, plan, async () => {
    const answer = await aiTextFor(ctx).generate({
      purpose: 'plan',
      brief: request.Brief,
      language: request.Language,
      tone: request.Tone,
      plan: {
        aim: request.Aim === PLAN_AIM.Activation ? 'activation' : 'acquisition',
        industry: request.Industry,
        productCategory: request.ProductCategory,
        type: request.Type,
        channels: request.Channels,
      },
    });
    return safePlanContent(answer, request.Channels);
  });
  return { Content: result, Usage: usage };
}
