import type { HandlerMap } from '../../context';
import { requireModule } from '../../money/plan-gate';
import { postPerformance, socialStatistics } from '../../social/statistics';

// Post statistics (issue 16 item 4), behind the Analysis module (spec 000 §4), like /analysis/marketing_analysis.

export const socialStatsHandlers: HandlerMap = {
  async ListSocialMediaStatistics(input, ctx) {
    await requireModule(ctx.db, ctx.user.id, 'Analysis', ctx.clock.now());
    return socialStatistics(ctx.db, ctx.user.id, input, ctx.clock.now());
  },
  async GetSocialPostPerformance({ PostId, PlatformType }, ctx) {
    await requireModule(ctx.db, ctx.user.id, 'Analysis', ctx.clock.now());
    return postPerformance(ctx.db, ctx.user.id, PostId, PlatformType);
  },
};
