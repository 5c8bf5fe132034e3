import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JOURNEY_MOVES, moveWorkflowMutation, type JourneyMove } from '../../../gateway/client/mutations/workflows';
import { gatewayMessage } from '../../gateway-bridge';
import { workflowLifecycle } from '../../../machines/lifecycles/workflow.machine';

/** The move's locale key under `mkthub:moves` ('workflow.start' → 'start'). */
export const moveName = (move: JourneyMove) =>
  move.slice('workflow.'.length) as 'start' | 'pause' | 'resume' | 'stop' | 'recover';

const MOVES = Object.keys(JOURNEY_MOVES) as JourneyMove[];

/** The journey moves a workflow's status allows (the shared lifecycle), and running one. */
export function useJourneyMoves() {
  const client = useQueryClient();
  const mutation = useMutation(moveWorkflowMutation(client));
  return {
    movesOf: (status: number) => MOVES.filter((move) => workflowLifecycle.can(status, move)),
    run: (move: JourneyMove, seqId: string) => mutation.mutate({ move, seqId }),
    pending: mutation.isPending,
    error: mutation.isError ? (gatewayMessage(mutation.error) ?? String(mutation.error)) : null,
  };
}
