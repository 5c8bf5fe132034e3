import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { emailSendKeys } from '../queries/email-send';

// Writes of e-mail sending that are not the wizard's (the send machine submits the task).

export const cancelEmailSendTaskMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['email-send', 'CancelEmailSendTask'],
    mutationFn: (taskId: string) => call('CancelEmailSendTask', { TaskId: taskId }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailSendKeys.all }),
  });
