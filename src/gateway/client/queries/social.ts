import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { SOCIAL_POST_STATUS } from '../../contract/statuses';

// Reads of social profiles and posts.

export const socialKeys = {
  all: ['social'] as const,
  profiles: () => [...socialKeys.all, 'profiles'] as const,
  posts: () => [...socialKeys.all, 'posts'] as const,
  statistics: () => [...socialKeys.all, 'statistics'] as const,
  identities: () => [...socialKeys.all, 'identities'] as const,
};

/** Settings: the sign-in identities linked to the account, and whether it has a password of its own. */
export const socialIdentitiesQuery = () =>
  queryOptions({ queryKey: socialKeys.identities(), queryFn: () => call('ListSocialIdentities', {}) });

export const socialProfilesQuery = () =>
  queryOptions({ queryKey: socialKeys.profiles(), queryFn: () => call('ListSocialProfiles', {}) });

export const socialPostsQuery = (input: ActionInput<'ListSocialPosts'>) =>
  queryOptions({
    queryKey: [...socialKeys.posts(), input],
    queryFn: () => call('ListSocialPosts', input),
    placeholderData: keepPreviousData,
    // A post being published keeps the list asking until each profile has its result.
    refetchInterval: (query) =>
      query.state.data?.Posts.some((post) => post.Status === SOCIAL_POST_STATUS.Submitted) ? 2_000 : false,
  });

/** The profiles' chart metrics and the published posts' latest metrics; pulled on a schedule, read again each minute. */
export const socialStatisticsQuery = (input: ActionInput<'ListSocialMediaStatistics'>) =>
  queryOptions({
    queryKey: [...socialKeys.statistics(), input],
    queryFn: () => call('ListSocialMediaStatistics', input),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export const socialPostPerformanceQuery = (input: ActionInput<'GetSocialPostPerformance'>) =>
  queryOptions({
    queryKey: [...socialKeys.statistics(), 'post', input],
    queryFn: () => call('GetSocialPostPerformance', input),
    // A post just published has no pull yet: ask again until the first one is there.
    refetchInterval: (query) => (query.state.data?.Targets.some((t) => t.Points.length > 0) ? 60_000 : 3_000),
  });
