import type { HandlerMap, UserContext } from '../../context';
import { ApiError } from '../../errors';
import { permissionsOf } from '../account/signin';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { waAgentTaskData } from '../../whatsapp-agent/rows';
import { cancelWaAgentTask, createWaAgentTask, listWaAgentTasks, ownedWaAgentTask } from '../../whatsapp-agent/store';

// WhatsApp agent campaign Actions (issue 15 item 5; docs/decisions.md "WhatsApp agent campaigns"), behind
// the WhatsAppAgent key (spec 000 §6: every user receives it, so this refuses only a key taken away).

function allowed(ctx: UserContext) {
  if (!permissionsOf(ctx.user, ctx.config).includes('WhatsAppAgent')) throw new ApiError(RetCode.Forbidden);
}
export const waAgentHandlers: HandlerMap = {
  async CreateWaAgentTask(input, ctx) {
    allowed(ctx);
    const row = await createWaAgentTask(ctx, ctx.user.id, input);
    return { TaskId: row.taskId, Status: row.status, TotalCount: row.totalCount, Charged: row.charged };
  },
  async ListWaAgentTask(query, ctx) {
    allowed(ctx);
    const { total, rows } = await listWaAgentTasks(ctx.db, ctx.user.id, query);
    return { Total: total, Tasks: rows.map(waAgentTaskData) };
  },
  async GetWaAgentTask({ TaskId }, ctx) {
    allowed(ctx);
    return waAgentTaskData(await ownedWaAgentTask(ctx.db, ctx.user.id, TaskId));
  },
  async CancelWaAgentTask({ TaskId }, ctx) {
    allowed(ctx);
    const row = await cancelWaAgentTask(ctx, ctx.user.id, TaskId);
    return { Status: row.status, Refunded: row.refunded };
  },
};
