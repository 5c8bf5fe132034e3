import { MutationObserver, type MutationOptions, type QueryClient } from '@tanstack/react-query';

/** The cache a machine's write runs against (machines hold no React, so they name it from here). */
export type { QueryClient };

/**
 * Runs a mutation factory's options outside React (a machine's invoked actor): the same mutationFn and
 * the same cache invalidation as `useMutation(factory(client))`, so a write has one definition.
 */
export function runMutation<TData, TVariables>(
  client: QueryClient,
  options: MutationOptions<TData, Error, TVariables>,
  variables: TVariables,
): Promise<TData> {
  return new MutationObserver<TData, Error, TVariables>(client, options).mutate(variables);
}
