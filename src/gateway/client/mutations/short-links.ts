import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { shortLinkKeys } from '../queries/short-links';

// Writes of the short links other than creation (the create machine owns that one).

export const deleteShortLinkMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['short-links', 'DeleteShortLink'],
    mutationFn: (linkId: string) => call('DeleteShortLink', { LinkId: linkId }),
    onSuccess: () => client.invalidateQueries({ queryKey: shortLinkKeys.all }),
  });
