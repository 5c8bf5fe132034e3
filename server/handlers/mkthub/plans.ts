import type { HandlerMap, UserContext } from '../../context';
import { requireModule } from '../../money/plan-gate';
import {
  deletePlans,
  listPlans,
  ownedPlan,
  planDataOf,
  planNameAvailable,
  planSummaryOf,
  savePlan,
} from '../../plans/store';
import { applyPlan } from '../../plans/apply';
import { generatePlanContent } from '../../plans/generate';
import { planInsight, planTasks } from '../../plans/insight';
import { sendPlanExample } from '../../plans/example';
import { schedulePlan } from '../../plans/schedule';

// Marketing plan Actions (issue 14 item 4): every one behind the MarketingPlan module (spec 000 §4).

const gate = (ctx: UserContext) => requireModule(ctx.db, ctx.user.id, 'MarketingPlan', ctx.clock.now());
const saved = (row: { planId: string; status: number; seqId: string }) => ({
  PlanId: row.planId,
  Status: row.status,
  SeqId: row.seqId,
});

export const planHandlers: HandlerMap = {
  async ListMKTPlan(query, ctx) {
    await gate(ctx);
    const { total, rows } = await listPlans(ctx.db, ctx.user.id, query);
    return { Total: total, Plans: rows.map(planSummaryOf) };
  },
  async GetMKTPlan({ PlanId }, ctx) {
    await gate(ctx);
    return planDataOf(await ownedPlan(ctx.db, ctx.user.id, PlanId));
  },
  async SaveMKTPlan(input, ctx) {
    await gate(ctx);
    return saved(await savePlan(ctx.db, ctx.user.id, input, ctx.clock.now()));
  },
  async DeleteMKTPlan({ PlanIds }, ctx) {
    await gate(ctx);
    await deletePlans(ctx.db, ctx.user.id, PlanIds, ctx.clock.now());
    return {};
  },
  async QueryPlanNameCheck({ Name, PlanId }, ctx) {
    await gate(ctx);
    return { Available: await planNameAvailable(ctx.db, ctx.user.id, Name, PlanId) };
  },
  async GenerateMKTPlanContent(input, ctx) {
    return generatePlanContent(ctx, await gate(ctx), input);
  },
  async ApplyMKTPlan({ PlanId }, ctx) {
    await gate(ctx);
    return saved(await applyPlan(ctx.db, ctx.user.id, PlanId, ctx.clock.now()));
  },
  async GetPlainInsight({ PlanId }, ctx) {
    await gate(ctx);
    return planInsight(ctx.db, ctx.user.id, PlanId, ctx.clock.now());
  },
  async SendMKTPlanExample({ PlanId, Emails }, ctx) {
    await gate(ctx);
    return { Sent: await sendPlanExample(ctx, PlanId, Emails) };
  },
  async ScheduleMKTPlan({ PlanId, StartTime }, ctx) {
    await gate(ctx);
    const startAt = StartTime === null ? null : new Date(StartTime * 1000);
    return schedulePlan(ctx.db, ctx.user.id, PlanId, startAt, ctx.clock.now());
  },
  async GetMKTPlanTask(query, ctx) {
    await gate(ctx);
    return planTasks(ctx.db, ctx.user.id, query);
  },
};
