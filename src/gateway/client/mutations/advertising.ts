import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { advertisingKeys } from '../queries/advertising';

// Writes of Advertising: an opening application (the opening machine runs it) and a recharge.

export const applyAdAccountMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['advertising', 'ApplyAdAccount'],
    mutationFn: (input: ActionInput<'ApplyAdAccount'>) => call('ApplyAdAccount', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: advertisingKeys.all }),
  });

export const rechargeAdAccountMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['advertising', 'RechargeAdAccount'],
    mutationFn: (input: ActionInput<'RechargeAdAccount'>) => call('RechargeAdAccount', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: advertisingKeys.all }),
  });
