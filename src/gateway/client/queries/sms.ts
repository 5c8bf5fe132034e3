import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of the SMS area. Mutations invalidate through these factories' queryKey (prefixes of the
// keys below: smsKeys.*), never hand-typed arrays.

export const smsKeys = {
  all: ['sms'] as const,
  templates: () => [...smsKeys.all, 'templates'] as const,
  tasks: () => [...smsKeys.all, 'tasks'] as const,
  records: () => [...smsKeys.all, 'records'] as const,
  settings: () => [...smsKeys.all, 'settings'] as const,
  trial: () => [...smsKeys.all, 'trial'] as const,
  statistics: () => [...smsKeys.all, 'statistics'] as const,
};

const HOUR = 3_600_000;

export const smsCountriesQuery = () =>
  queryOptions({
    queryKey: [...smsKeys.all, 'countries'],
    queryFn: () => call('GetCountryCodeList', {}),
    staleTime: HOUR,
  });

export const smsTimeZonesQuery = () =>
  queryOptions({ queryKey: [...smsKeys.all, 'timeZones'], queryFn: () => call('GetTimeZones', {}), staleTime: HOUR });

export const smsProjectsQuery = () =>
  queryOptions({
    queryKey: [...smsKeys.all, 'projects'],
    queryFn: () => call('ListProjects', {}),
    staleTime: 5 * 60_000,
  });

export const smsTagsQuery = () =>
  queryOptions({ queryKey: [...smsKeys.all, 'tags'], queryFn: () => call('GetUSMSTagList', {}), staleTime: 60_000 });

export const smsPriceQuery = (countryCode: string) =>
  queryOptions({
    queryKey: [...smsKeys.all, 'price', countryCode],
    queryFn: () => call('GetUSMSPrice', { CountryCode: countryCode }),
    staleTime: 10 * 60_000,
    enabled: countryCode.length === 2,
  });

/** The template list; refreshes itself while a template on the page awaits the reviewer. */
export const smsTemplatesQuery = (
  input: ActionInput<'QueryUSMSTemplate'>,
  refetchWhile?: (data: { Templates: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...smsKeys.templates(), 'list', input],
    queryFn: () => call('QueryUSMSTemplate', input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (refetchWhile && query.state.data && refetchWhile(query.state.data) ? 3_000 : false),
  });

export const smsTemplateQuery = (templateId: string) =>
  queryOptions({
    queryKey: [...smsKeys.templates(), 'one', templateId],
    queryFn: () => call('GetUSMSTemplate', { TemplateId: templateId }),
    enabled: templateId !== '',
  });

/** A task list: while a task on the page is not final, the list refreshes itself. */
export const smsTasksQuery = (
  input: ActionInput<'GetUSMSSendTask'>,
  refetchWhile?: (data: { Tasks: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...smsKeys.tasks(), 'list', input],
    queryFn: () => call('GetUSMSSendTask', input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (refetchWhile && query.state.data && refetchWhile(query.state.data) ? 3_000 : false),
  });

/** One task's detail with counts; polls every 2 s while `live` says the task is not final. */
export const smsTaskStatisticsQuery = (taskId: string, live?: (status: number) => boolean) =>
  queryOptions({
    queryKey: [...smsKeys.tasks(), 'statistics', taskId],
    queryFn: () => call('DescribeUSMSSendTaskStatistics', { TaskId: taskId }),
    refetchInterval: (query) => (live && query.state.data && live(query.state.data.Task.Status) ? 2_000 : false),
  });

export const smsRecordsQuery = (input: ActionInput<'GetUSMSSendRecord'>) =>
  queryOptions({
    queryKey: [...smsKeys.records(), input],
    queryFn: () => call('GetUSMSSendRecord', input),
    staleTime: 15_000,
  });

export const smsStatisticsQuery = (input: ActionInput<'GetUSMSSendStatistics'>) =>
  queryOptions({
    queryKey: [...smsKeys.statistics(), 'send', input],
    queryFn: () => call('GetUSMSSendStatistics', input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const smsReceiptCodesQuery = (input: ActionInput<'GetUSMSSendReceiptCodeStatistics'>) =>
  queryOptions({
    queryKey: [...smsKeys.statistics(), 'codes', input],
    queryFn: () => call('GetUSMSSendReceiptCodeStatistics', input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const smsTrialQuery = () =>
  queryOptions({ queryKey: smsKeys.trial(), queryFn: () => call('GetUSMSExperientialInfo', {}) });
