import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';

// Reads of the short links (/tool/short-link). Mutations and the create machine invalidate shortLinkKeys.all.

export const shortLinkKeys = {
  all: ['short-links'] as const,
  list: (keyword: string, page: number) => [...shortLinkKeys.all, 'list', keyword, page] as const,
  one: (linkId: string) => [...shortLinkKeys.all, 'one', linkId] as const,
  statistics: (linkId: string) => [...shortLinkKeys.all, 'statistics', linkId] as const,
};

export const SHORT_LINK_LIST_PAGE_SIZE = 20;

export const shortLinkListQuery = (keyword: string, page: number) =>
  queryOptions({
    queryKey: shortLinkKeys.list(keyword, page),
    queryFn: () =>
      call('ListShortLink', {
        ...(keyword ? { Keyword: keyword } : {}),
        Page: page,
        PageSize: SHORT_LINK_LIST_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

export const shortLinkQuery = (linkId: string) =>
  queryOptions({ queryKey: shortLinkKeys.one(linkId), queryFn: () => call('GetShortLink', { LinkId: linkId }) });

export const shortLinkStatisticsQuery = (linkId: string) =>
  queryOptions({
    queryKey: shortLinkKeys.statistics(linkId),
    queryFn: () => call('GetShortLinkStatistics', { LinkId: linkId }),
  });
