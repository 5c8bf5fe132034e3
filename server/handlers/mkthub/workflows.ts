import type { HandlerMap, UserContext } from '../../context';
import {
  deleteWorkflows,
  listWorkflows,
  ownedWorkflow,
  saveWorkflow,
  workflowDataOf,
  workflowSummaryOf,
} from '../../workflows/store';
import { moveJourney } from '../../workflows/journeys';
import { workflowInsightOf } from '../../workflows/insight';
import { simulateJourney } from '../../workflows/simulate';
import { triggerEvent } from '../../workflows/events';

type JourneyEvent = Parameters<typeof moveJourney>[3];

const move =
  (event: JourneyEvent) =>
  async ({ SeqId }: { SeqId: string }, ctx: UserContext) => {
    const row = await moveJourney(ctx, ctx.user.id, SeqId, event);
    return { SeqId: row.seqId, Status: row.status, UpdateTime: workflowSummaryOf(row).UpdateTime };
  };

export const workflowHandlers: HandlerMap = {
  async SaveSEQ2Workflow(input, ctx) {
    const row = await saveWorkflow(ctx.db, ctx.user.id, input, ctx.clock.now());
    return {
      SeqId: row.seqId,
      Status: row.status,
      UpdateTime: workflowSummaryOf(row).UpdateTime,
      Revision: row.revision,
    };
  },
  async GetSEQ2Workflow({ SeqId }, ctx) {
    return workflowDataOf(ctx.db, await ownedWorkflow(ctx.db, ctx.user.id, SeqId));
  },
  async ListSEQ2Workflow(query, ctx) {
    const { total, rows } = await listWorkflows(ctx.db, ctx.user.id, query);
    return { Total: total, Workflows: rows.map(workflowSummaryOf) };
  },
  async DeleteSEQ2Workflow({ SeqIds }, ctx) {
    await deleteWorkflows(ctx.db, ctx.user.id, SeqIds, ctx.clock.now());
    return {};
  },
  StartSEQ2Workflow: move('workflow.start'),
  PauseSEQ2Workflow: move('workflow.pause'),
  ResumeSEQ2Workflow: move('workflow.resume'),
  StopSEQ2Workflow: move('workflow.stop'),
  RecoverSEQ2Workflow: move('workflow.recover'),
  async GetSEQ2Insight({ SeqId }, ctx) {
    return workflowInsightOf(ctx.db, await ownedWorkflow(ctx.db, ctx.user.id, SeqId), ctx.clock.now());
  },
  async SimulateSEQ2Workflow({ Document }, ctx) {
    return simulateJourney(ctx.db, ctx.user.id, Document, ctx.clock.now());
  },
  TriggerSEQ2Event: (input, ctx) => triggerEvent(ctx, ctx.user.id, input, ctx.clock.now()),
};
