import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { INBOX_LIMITS } from '../../contract/inbox';

// Reads of the smart inbox. The list and the unread count ask again every few seconds while the page is
// shown, so a message arrives without a reload (docs/decisions.md "Smart inbox").

export const inboxKeys = {
  all: ['inbox'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
  message: (messageId: string) => [...inboxKeys.all, 'message', messageId] as const,
  unread: () => [...inboxKeys.all, 'unread'] as const,
};

export const inboxListQuery = (input: ActionInput<'ListInboxMessage'>) =>
  queryOptions({
    queryKey: [...inboxKeys.list(), input],
    queryFn: () => call('ListInboxMessage', input),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_LIMITS.pollMs,
  });

export const inboxMessageQuery = (messageId: string) =>
  queryOptions({
    queryKey: inboxKeys.message(messageId),
    queryFn: () => call('GetInboxMessage', { MessageId: messageId }),
  });

export const inboxUnreadQuery = () =>
  queryOptions({
    queryKey: inboxKeys.unread(),
    queryFn: () => call('GetInboxUnreadCount', {}),
    refetchInterval: INBOX_LIMITS.pollMs * 2,
  });
