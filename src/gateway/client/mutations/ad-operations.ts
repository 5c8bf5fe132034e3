import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { advertisingKeys } from '../queries/advertising';

// Writes of ad operations and authorisations.

const refresh = (client: QueryClient) => () => client.invalidateQueries({ queryKey: advertisingKeys.all });

export const applyAdOperationMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['advertising', 'ApplyAdOperation'],
    mutationFn: (input: ActionInput<'ApplyAdOperation'>) => call('ApplyAdOperation', input, { silent: true }),
    onSuccess: refresh(client),
  });

export const startAdAuthorizationMutation = () =>
  mutationOptions({
    mutationKey: ['advertising', 'StartAdAuthorization'],
    mutationFn: (input: ActionInput<'StartAdAuthorization'>) => call('StartAdAuthorization', input),
  });

export const completeAdAuthorizationMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['advertising', 'CompleteAdAuthorization'],
    mutationFn: (input: ActionInput<'CompleteAdAuthorization'>) =>
      call('CompleteAdAuthorization', input, { silent: true }),
    onSuccess: refresh(client),
  });

export const revokeAdAuthorizationMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['advertising', 'RevokeAdAuthorization'],
    mutationFn: (input: ActionInput<'RevokeAdAuthorization'>) => call('RevokeAdAuthorization', input),
    onSuccess: refresh(client),
  });
