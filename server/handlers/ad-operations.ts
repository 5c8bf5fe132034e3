import type { HandlerMap, UserContext } from '../context';
import { adOperationDelayMs, sandboxOperationsPlatforms } from '../platforms/ads/operations';
import { applyOperation, listOperations, type AdOperationWork } from '../ads/operations';
import {
  completeAuthorization,
  listAuthorizations,
  revokeAuthorization,
  startAuthorization,
  type AdAuthWork,
} from '../ads/authorizations';
import { dataReport, reportLastDay } from '../ads/report';

// Ad operations, authorisation and the data report (issue 17 items 5 and 7).

const operationWork = (ctx: UserContext): AdOperationWork => ({
  db: ctx.db,
  now: ctx.clock.now(),
  jobs: ctx.jobs,
  platforms: sandboxOperationsPlatforms,
  delayMs: adOperationDelayMs(),
});

const authWork = (ctx: UserContext): AdAuthWork => ({
  db: ctx.db,
  now: ctx.clock.now(),
  config: ctx.config,
  platforms: sandboxOperationsPlatforms,
});

export const adOperationHandlers: HandlerMap = {
  async ApplyAdOperation(input, ctx) {
    return applyOperation(operationWork(ctx), ctx.user.id, input);
  },
  async ListAdOperation(query, ctx) {
    const { total, operations } = await listOperations(ctx.db, ctx.user.id, query);
    return { Total: total, Operations: operations };
  },
  async StartAdAuthorization(input, ctx) {
    return startAuthorization(authWork(ctx), ctx.user.id, input.PlatformId);
  },
  async CompleteAdAuthorization(input, ctx) {
    return completeAuthorization(authWork(ctx), ctx.user.id, input);
  },
  async ListAdAuthorization(query, ctx) {
    const { total, authorizations } = await listAuthorizations(ctx.db, ctx.user.id, query);
    return { Total: total, Authorizations: authorizations };
  },
  async RevokeAdAuthorization(input, ctx) {
    return revokeAuthorization(ctx.db, ctx.clock.now(), ctx.user.id, input.AuthorizationId);
  },
  async GetAdDataReport(query, ctx) {
    // a read never moves money: the rows are the spend sweep's, already paid (jobs/ad-spend.ts)
    return dataReport(ctx.db, ctx.user.id, await reportLastDay(ctx.db, ctx.user.id, ctx.clock.now()), query);
  },
};
