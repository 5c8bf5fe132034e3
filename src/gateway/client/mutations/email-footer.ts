import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { emailFooterKeys } from '../queries/email-footer';

// Writes of the e-mail footer: save it, and send a test mail with it to the signed-in account's address.

export const saveEmailFooterMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['emailFooter', 'SaveEmailFooter'],
    mutationFn: (footer: { Logo: string; Line: string }) => call('SaveEmailFooter', footer),
    onSuccess: (data) => client.setQueryData(emailFooterKeys.all, data),
  });

export const sendEmailFooterTestMutation = () =>
  mutationOptions({
    mutationKey: ['emailFooter', 'SendEmailFooterTest'],
    mutationFn: () => call('SendEmailFooterTest', {}),
  });
