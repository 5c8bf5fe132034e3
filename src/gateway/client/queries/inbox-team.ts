import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import { inboxKeys } from './inbox';

// The inbox's roster of teammates (docs/decisions.md "Inbox assignment").

export const inboxTeamKeys = { roster: () => [...inboxKeys.all, 'team'] as const };

export const inboxTeamQuery = () =>
  queryOptions({ queryKey: inboxTeamKeys.roster(), queryFn: () => call('ListInboxTeammate', {}) });
