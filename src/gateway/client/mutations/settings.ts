import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import {
  accessKeysQuery,
  notificationListsKey,
  notificationSettingsQuery,
  ticketListsKey,
  ticketQuery,
} from '../queries/settings';

// Writes of the settings area (user settings, notifications, tickets): one factory per Action, each
// owning what it invalidates. The session machine owns the user info: after UpdateUser and ChangeEmail
// the view asks it to reload (user.reload), as there is no query of it to invalidate.

export const updateUserMutation = () =>
  mutationOptions({
    mutationKey: ['settings', 'UpdateUser'],
    mutationFn: (input: ActionInput<'UpdateUser'>) => call('UpdateUser', input),
  });

export const changePasswordMutation = () =>
  mutationOptions({
    mutationKey: ['settings', 'ChangePassword'],
    mutationFn: (input: ActionInput<'ChangePassword'>) => call('ChangePassword', input),
  });

/** The link mailed to a new address: silent, the page shows a refusal in place. */
export const changeEmailMutation = () =>
  mutationOptions({
    mutationKey: ['settings', 'ChangeEmail'],
    mutationFn: (key: string) => call('ChangeEmail', { Key: key }, { silent: true }),
  });

export const updateNotificationSettingsMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['settings', 'UpdateNotificationSettings'],
    mutationFn: (input: ActionInput<'UpdateNotificationSettings'>) => call('UpdateNotificationSettings', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationSettingsQuery().queryKey }),
  });

export const createAccessKeyMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['settings', 'CreateAccessKey'],
    mutationFn: (name: string) => call('CreateAccessKey', { Name: name }),
    onSuccess: () => void client.invalidateQueries({ queryKey: accessKeysQuery().queryKey }),
  });

export const revokeAccessKeyMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['settings', 'RevokeAccessKey'],
    mutationFn: (accessKeyId: string) => call('RevokeAccessKey', { AccessKeyId: accessKeyId }),
    onSuccess: () => void client.invalidateQueries({ queryKey: accessKeysQuery().queryKey }),
  });

export const markNotificationsReadMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['settings', 'MarkNotificationsRead'],
    mutationFn: (input: ActionInput<'MarkNotificationsRead'>) => call('MarkNotificationsRead', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationListsKey() }),
  });

export const solveTicketMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['tickets', 'SolvedTicket'],
    mutationFn: (ticketId: number) => call('SolvedTicket', { TicketId: ticketId }),
    onSuccess: (_data, ticketId) => {
      void client.invalidateQueries({ queryKey: ticketQuery(ticketId).queryKey });
      void client.invalidateQueries({ queryKey: ticketListsKey() });
    },
  });
