import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { inboxKeys } from '../queries/inbox';
import type { ActionInput } from '../../contract/actions/registry';

// Writes of the smart inbox: a lifecycle change of some messages, a reply.

export const changeInboxMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['inbox', 'UpdateInboxMessage'],
    mutationFn: (input: ActionInput<'UpdateInboxMessage'>) => call('UpdateInboxMessage', input),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.all }),
  });

export const replyInboxMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['inbox', 'ReplyInboxMessage'],
    mutationFn: (input: ActionInput<'ReplyInboxMessage'>) => call('ReplyInboxMessage', input),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.all }),
  });
