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
