import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { socialKeys } from '../queries/social';
import type { ActionInput } from '../../contract/actions/registry';

// Writes of social profiles and posts that are not the composer's (the composer machine saves posts).

/** Asks for the platform's authorize address; the view sends the browser there. */
export const socialAuthUrlMutation = () =>
  mutationOptions({
    mutationKey: ['social', 'GetSocialMediaAuthUrl'],
    mutationFn: (input: ActionInput<'GetSocialMediaAuthUrl'>) => call('GetSocialMediaAuthUrl', input),
  });

export const connectSocialProfileMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['social', 'ConnectSocialProfile'],
    // Silent: the page shows a refusal itself.
    mutationFn: (input: ActionInput<'ConnectSocialProfile'>) => call('ConnectSocialProfile', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: socialKeys.profiles() }),
  });

export const checkSocialProfilesMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['social', 'CheckSocialProfiles'],
    mutationFn: () => call('CheckSocialProfiles', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: socialKeys.profiles() }),
  });

export const deleteSocialProfileMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['social', 'DeleteSocialProfile'],
    mutationFn: (profileId: string) => call('DeleteSocialProfile', { ProfileId: profileId }),
    onSuccess: () => client.invalidateQueries({ queryKey: socialKeys.all }),
  });

export const cancelSocialPostMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['social', 'CancelSocialPost'],
    mutationFn: (postId: string) => call('CancelSocialPost', { PostId: postId }),
    onSuccess: () => client.invalidateQueries({ queryKey: socialKeys.posts() }),
  });

export const unlinkSocialIdentityMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['social', 'UnlinkSocialIdentity'],
    // Silent: the confirmation dialog shows a refusal itself.
    mutationFn: (identityId: number) => call('UnlinkSocialIdentity', { IdentityId: identityId }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: socialKeys.identities() }),
  });

// Social sign-in (public; silent: the /medialogin page shows a refusal itself).
export const socialSignInMutations = {
  login: () =>
    mutationOptions({
      mutationKey: ['social', 'LoginBySocialMedia'],
      mutationFn: (input: ActionInput<'LoginBySocialMedia'>) => call('LoginBySocialMedia', input, { silent: true }),
    }),
  register: () =>
    mutationOptions({
      mutationKey: ['social', 'RegisterBySocialMedia'],
      mutationFn: (input: ActionInput<'RegisterBySocialMedia'>) =>
        call('RegisterBySocialMedia', input, { silent: true }),
    }),
  bind: () =>
    mutationOptions({
      mutationKey: ['social', 'LoginBindSocialMedia'],
      mutationFn: (input: ActionInput<'LoginBindSocialMedia'>) => call('LoginBindSocialMedia', input, { silent: true }),
    }),
  /** Settings' link of another identity, finished on /medialogin/{type} by the signed-in account. */
  linkIdentity: () =>
    mutationOptions({
      mutationKey: ['social', 'LinkSocialIdentity'],
      mutationFn: (input: ActionInput<'LinkSocialIdentity'>) => call('LinkSocialIdentity', input, { silent: true }),
    }),
  authUrl: () =>
    mutationOptions({
      mutationKey: ['social', 'GetSocialMediaAuthUrl', 'signin'],
      mutationFn: (input: ActionInput<'GetSocialMediaAuthUrl'>) =>
        call('GetSocialMediaAuthUrl', input, { silent: true }),
    }),
};
