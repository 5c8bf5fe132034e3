import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { waAgentKeys } from '../queries/wa-agent';

// Writes of WhatsApp agent campaigns from the list and the detail (creating goes through its machine).

export const cancelWaAgentMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['waAgent', 'CancelWaAgentTask'],
    mutationFn: (taskId: string) => call('CancelWaAgentTask', { TaskId: taskId }),
    onSuccess: () => client.invalidateQueries({ queryKey: waAgentKeys.all }),
  });
