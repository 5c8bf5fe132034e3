import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import type { SegmentRules } from '../../contract/audience/segments';

// Reads of the Audience area. Mutations invalidate through audienceKeys, never hand-typed arrays.

export const audienceKeys = {
  all: ['audience'] as const,
  contacts: () => [...audienceKeys.all, 'contacts'] as const,
  attributes: () => [...audienceKeys.all, 'attributes'] as const,
  lists: () => [...audienceKeys.all, 'lists'] as const,
  segments: () => [...audienceKeys.all, 'segments'] as const,
  tags: () => [...audienceKeys.all, 'tags'] as const,
  imports: () => [...audienceKeys.all, 'imports'] as const,
};

export const contactsQuery = (input: ActionInput<'ListContacts'>) =>
  queryOptions({
    queryKey: [...audienceKeys.contacts(), 'list', input],
    queryFn: () => call('ListContacts', input),
    placeholderData: keepPreviousData,
  });

export const contactQuery = (contactId: number) =>
  queryOptions({
    queryKey: [...audienceKeys.contacts(), 'one', contactId],
    queryFn: () => call('GetContact', { ContactId: contactId }),
  });

export const attributesQuery = () =>
  queryOptions({
    queryKey: audienceKeys.attributes(),
    queryFn: () => call('ListContactAttributes', {}),
    staleTime: 30_000,
  });

export const contactListsQuery = () =>
  queryOptions({ queryKey: [...audienceKeys.lists(), 'all'], queryFn: () => call('ListContactLists', {}) });

export const contactListQuery = (listId: number) =>
  queryOptions({
    queryKey: [...audienceKeys.lists(), 'one', listId],
    queryFn: () => call('GetContactList', { ListId: listId }),
  });

export const segmentsQuery = () =>
  queryOptions({ queryKey: [...audienceKeys.segments(), 'all'], queryFn: () => call('ListSegments', {}) });

export const segmentQuery = (segmentId: number) =>
  queryOptions({
    queryKey: [...audienceKeys.segments(), 'one', segmentId],
    queryFn: () => call('GetSegment', { SegmentId: segmentId }),
  });

export const savedSegmentCountQuery = (segmentId: number) =>
  queryOptions({
    queryKey: [...audienceKeys.segments(), 'count', segmentId],
    queryFn: () => call('CountSavedSegment', { SegmentId: segmentId }),
  });

/** The live count of rules being edited (silent: an unfinished condition is not an error to announce). */
export const segmentCountQuery = (rules: SegmentRules | null) =>
  queryOptions({
    queryKey: [...audienceKeys.segments(), 'live', rules],
    queryFn: () => call('CountSegment', { Rules: rules! }, { silent: true }),
    enabled: rules !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const cdpTagsQuery = () =>
  queryOptions({ queryKey: audienceKeys.tags(), queryFn: () => call('GetCDPTags', {}), staleTime: 30_000 });

export const contactImportQuery = (importId: string) =>
  queryOptions({
    queryKey: [...audienceKeys.imports(), importId],
    queryFn: () => call('GetContactImport', { ImportId: importId }),
  });
