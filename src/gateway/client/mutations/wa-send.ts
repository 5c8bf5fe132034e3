import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { waSendKeys } from '../queries/wa-send';

// Writes of WhatsApp sending: one factory per Action, each owning what it invalidates.

export const cancelWaSendTaskMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['waSend', 'CancelWhatsAppSendTask'],
    mutationFn: (taskId: string) => call('CancelWhatsAppSendTask', { TaskId: taskId }),
    onSuccess: () => client.invalidateQueries({ queryKey: waSendKeys.all }),
  });
