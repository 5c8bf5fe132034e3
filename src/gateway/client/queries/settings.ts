import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { TicketStatusName } from '../../contract/actions/tickets';

/** The prefix of every ticket list page: invalidate it after a ticket is created or changes. */
export const ticketListsKey = () => ['tickets', 'list'] as const;

export const ticketListQuery = (page: number, pageSize: 10 | 15 | 30, status?: TicketStatusName) =>
  queryOptions({
    queryKey: [...ticketListsKey(), { page, pageSize, status }],
    queryFn: () => call('GetTicketList', { Page: page, NumPerPage: pageSize, Status: status }),
  });

/** Reading a ticket clears its new-reply mark on the server: invalidate newRepliesQuery after it. */
export const ticketQuery = (ticketId: number) =>
  queryOptions({
    queryKey: ['tickets', 'detail', ticketId],
    queryFn: () => call('GetTicketInfo', { TicketId: ticketId }),
  });

export const accessKeysQuery = () =>
  queryOptions({ queryKey: ['settings', 'accessKeys'], queryFn: () => call('ListAccessKeys', {}) });

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: ['settings', 'notificationSettings'], queryFn: () => call('GetNotificationSettings', {}) });

export const notificationListsKey = () => ['notifications', 'list'] as const;

export const notificationListQuery = (page: number, pageSize: 10 | 15 | 30, unread: boolean) =>
  queryOptions({
    queryKey: [...notificationListsKey(), { page, pageSize, unread }],
    queryFn: () => call('GetNotificationList', { Page: page, NumPerPage: pageSize, Unread: unread || undefined }),
  });
