import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { shortLinkKeys } from '../queries/short-links';
import type { ShortLinkForm } from '../../contract/short-links';

// Writes of the short links: deletion and the composers' find-or-create (the create page's machine makes
// links itself).

export const deleteShortLinkMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['short-links', 'DeleteShortLink'],
    mutationFn: (linkId: string) => call('DeleteShortLink', { LinkId: linkId }),
    onSuccess: () => client.invalidateQueries({ queryKey: shortLinkKeys.all }),
  });

/** A composer's "Insert short link": the account's link with this destination + UTM, made when missing. */
export const findOrCreateShortLinkMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['short-links', 'FindOrCreateShortLink'],
    mutationFn: (input: ShortLinkForm) => call('FindOrCreateShortLink', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: shortLinkKeys.all }),
  });
