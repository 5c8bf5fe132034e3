import type { HandlerMap, UserContext } from '../context';
import { adPlatformDelays, sandboxAdPlatforms } from '../platforms/ads';
import { applicationData, applyForAccounts, listApplications } from '../ads/applications';
import { listAccounts, overview } from '../ads/accounts';
import { listRecharges, rechargeAccount } from '../ads/recharges';
import type { AdWork } from '../ads/work';

// Advertising Actions (issue 17 items 1-4): overview, accounts, opening applications, recharges.

const work = (ctx: UserContext): AdWork => ({
  db: ctx.db,
  now: ctx.clock.now(),
  jobs: ctx.jobs,
  platforms: sandboxAdPlatforms,
  delays: adPlatformDelays(),
});

export const advertisingHandlers: HandlerMap = {
  async GetAdOverview(_input, ctx) {
    return overview(ctx.db, ctx.user.id);
  },
  async ListAdAccount(query, ctx) {
    const { total, accounts } = await listAccounts(ctx.db, ctx.user.id, query);
    return { Total: total, Accounts: accounts };
  },
  async ApplyAdAccount(input, ctx) {
    const row = await applyForAccounts(work(ctx), ctx.user.id, input);
    return { ApplicationId: row.applicationId, Status: row.status };
  },
  async ListAdAccountApplication(query, ctx) {
    const { total, rows } = await listApplications(ctx.db, ctx.user.id, query);
    return { Total: total, Applications: rows.map(applicationData) };
  },
  async RechargeAdAccount(input, ctx) {
    return rechargeAccount(work(ctx), ctx.user.id, input);
  },
  async ListAdRecharge(query, ctx) {
    const { total, recharges } = await listRecharges(ctx.db, ctx.user.id, query);
    return { Total: total, Recharges: recharges };
  },
};
