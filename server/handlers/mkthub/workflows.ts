import type { HandlerMap } from '../../context';
import {
  deleteWorkflows,
  listWorkflows,
  ownedWorkflow,
  saveWorkflow,
  workflowDataOf,
  workflowSummaryOf,
} from '../../workflows/store';

export const workflowHandlers: HandlerMap = {
  async SaveSEQ2Workflow(input, ctx) {
    const row = await saveWorkflow(ctx.db, ctx.user.id, input, ctx.clock.now());
    return { SeqId: row.seqId, Status: row.status, UpdateTime: workflowSummaryOf(row).UpdateTime };
  },
  async GetSEQ2Workflow({ SeqId }, ctx) {
    return workflowDataOf(await ownedWorkflow(ctx.db, ctx.user.id, SeqId));
  },
  async ListSEQ2Workflow(query, ctx) {
    const { total, rows } = await listWorkflows(ctx.db, ctx.user.id, query);
    return { Total: total, Workflows: rows.map(workflowSummaryOf) };
  },
  async DeleteSEQ2Workflow({ SeqIds }, ctx) {
    await deleteWorkflows(ctx.db, ctx.user.id, SeqIds, ctx.clock.now());
    return {};
  },
};
