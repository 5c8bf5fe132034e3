import type { HandlerMap } from '../context';
import { generateEmailDraft } from '../ai/email-draft';
import { aiUsageOf } from '../ai/quota';
import { generateSmsContent } from '../ai/sms-content';
import { planInForce, requireModule } from '../money/plan-gate';

// AI text Actions (docs/decisions.md "AI text"): thin over server/ai/.

export const aiTextHandlers: HandlerMap = {
  async GenerateEmailContent(input, ctx) {
    return generateEmailDraft(ctx, input);
  },
  /** Campaigns from AI are behind the MarketingPlan module, as plans are (spec 000 §4). */
  async ContentGeneration(input, ctx) {
    return generateSmsContent(ctx, await requireModule(ctx.db, ctx.user.id, 'MarketingPlan', ctx.clock.now()), input);
  },
  async GetAIGCUsage(_input, ctx) {
    return aiUsageOf(ctx.db, ctx.user.id, await planInForce(ctx.db, ctx.user.id, ctx.clock.now()));
  },
};
