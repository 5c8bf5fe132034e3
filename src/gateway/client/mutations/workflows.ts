import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { workflowKeys } from '../queries/workflows';

// Writes of the workflows that are not the canvas's (the canvas machine saves).

export const deleteWorkflowsMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['workflows', 'DeleteSEQ2Workflow'],
    mutationFn: (seqIds: string[]) => call('DeleteSEQ2Workflow', { SeqIds: seqIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
  });

/** The journey's lifecycle moves (the list and the detail page offer what workflowLifecycle allows). */
export const JOURNEY_MOVES = {
  'workflow.start': 'StartSEQ2Workflow',
  'workflow.pause': 'PauseSEQ2Workflow',
  'workflow.resume': 'ResumeSEQ2Workflow',
  'workflow.stop': 'StopSEQ2Workflow',
  'workflow.recover': 'RecoverSEQ2Workflow',
} as const;
export type JourneyMove = keyof typeof JOURNEY_MOVES;

export const moveWorkflowMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['workflows', 'move'],
    mutationFn: ({ move, seqId }: { move: JourneyMove; seqId: string }) => call(JOURNEY_MOVES[move], { SeqId: seqId }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
  });
