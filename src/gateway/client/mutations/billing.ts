import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { invalidatePlanQueries } from '../queries/billing';

// Writes of the billing area. Each purchase carries its IdempotencyKey (one per choice, kept across
// retries so a retried payment cannot charge twice) and refreshes every query a purchase changes.

export const buyPackageMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['billing', 'BuySubscriptionPackage'],
    mutationFn: (input: ActionInput<'BuySubscriptionPackage'>) =>
      call('BuySubscriptionPackage', input, { silent: true }),
    onSuccess: () => invalidatePlanQueries(client),
  });

export const upgradePackageMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['billing', 'UpgradeSubscriptionPackage'],
    mutationFn: (input: ActionInput<'UpgradeSubscriptionPackage'>) =>
      call('UpgradeSubscriptionPackage', input, { silent: true }),
    onSuccess: () => invalidatePlanQueries(client),
  });
