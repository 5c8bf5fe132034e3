import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { inboxKeys } from '../queries/inbox';
import type { ActionInput } from '../../contract/actions/registry';

// Writes of inbox assignment: the roster and who a message is assigned to. Both change what the inbox
// lists (the assignee's name, the filter), so both invalidate the whole inbox.

export const addTeammateMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['inbox', 'CreateInboxTeammate'],
    mutationFn: (input: ActionInput<'CreateInboxTeammate'>) => call('CreateInboxTeammate', input),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.all }),
  });

export const removeTeammateMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['inbox', 'DeleteInboxTeammate'],
    mutationFn: (input: ActionInput<'DeleteInboxTeammate'>) => call('DeleteInboxTeammate', input),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.all }),
  });

export const assignInboxMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['inbox', 'AssignInboxMessage'],
    mutationFn: (input: ActionInput<'AssignInboxMessage'>) => call('AssignInboxMessage', input),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.all }),
  });
