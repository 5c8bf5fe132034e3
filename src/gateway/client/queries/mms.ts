import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of the MMS area (docs/decisions.md "MMS"). Mutations invalidate through mmsKeys.

export const mmsKeys = {
  all: ['mms'] as const,
  templates: () => [...mmsKeys.all, 'templates'] as const,
  tasks: () => [...mmsKeys.all, 'tasks'] as const,
  records: () => [...mmsKeys.all, 'records'] as const,
  statistics: () => [...mmsKeys.all, 'statistics'] as const,
};

/** Refreshes every 3 s while `refetchWhile` says something on the page is still moving. */
const refetchWhile =
  <T>(moving?: (data: T) => boolean) =>
  (query: { state: { data?: T } }) =>
    moving && query.state.data !== undefined && moving(query.state.data) ? 3_000 : false;

/** The template list; refreshes itself while a template on the page awaits the reviewer. */
export const mmsTemplateListQuery = (
  input: ActionInput<'GetUMMSTemplateList'>,
  moving?: (data: { Templates: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...mmsKeys.templates(), 'list', input],
    queryFn: () => call('GetUMMSTemplateList', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhile(moving),
  });

export const mmsTemplateQuery = (templateId: string) =>
  queryOptions({
    queryKey: [...mmsKeys.templates(), 'one', templateId],
    queryFn: () => call('GetUMMSTemplate', { TemplateId: templateId }),
    enabled: templateId !== '',
  });

/** A task list (or one task, TaskId): while a task on it is not final, it refreshes itself. */
export const mmsTaskListQuery = (
  input: ActionInput<'GetUMMSSendTask'>,
  moving?: (data: { Tasks: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...mmsKeys.tasks(), 'list', input],
    queryFn: () => call('GetUMMSSendTask', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhile(moving),
  });

export const mmsRecordsQuery = (
  input: ActionInput<'GetUMMSSendRecord'>,
  moving?: (data: { Records: { Result: string }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...mmsKeys.records(), input],
    queryFn: () => call('GetUMMSSendRecord', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhile(moving),
  });

export const mmsPriceQuery = (countryCode: string) =>
  queryOptions({
    queryKey: [...mmsKeys.all, 'price', countryCode],
    queryFn: () => call('GetUMMSPrice', { CountryCode: countryCode }),
    staleTime: 10 * 60_000,
  });

/** MMS sends over time (/mms/overview, /mms/analytics). */
export const mmsStatisticsQuery = (input: ActionInput<'GetUMMSSendStatistics'>) =>
  queryOptions({
    queryKey: [...mmsKeys.statistics(), 'send', input],
    queryFn: () => call('GetUMMSSendStatistics', input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const mmsReceiptCodesQuery = (input: ActionInput<'GetUMMSSendReceiptCodeStatistics'>) =>
  queryOptions({
    queryKey: [...mmsKeys.statistics(), 'codes', input],
    queryFn: () => call('GetUMMSSendReceiptCodeStatistics', input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
