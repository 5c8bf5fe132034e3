import type { HandlerMap } from '../context';
import { generateEmailDraft } from '../ai/email-draft';
import { aiUsageOf } from '../ai/quota';
import { planInForce } from '../money/plan-gate';

// AI text Actions (docs/decisions.md "AI text"): thin over server/ai/.

export const aiTextHandlers: HandlerMap = {
  async GenerateEmailContent(input, ctx) {
    return generateEmailDraft(ctx, input);
  },
  async GetAIGCUsage(_input, ctx) {
    return aiUsageOf(ctx.db, ctx.user.id, await planInForce(ctx.db, ctx.user.id, ctx.clock.now()));
  },
};
