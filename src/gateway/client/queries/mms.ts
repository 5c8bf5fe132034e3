import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of the MMS area (docs/decisions.md "MMS"). Mutations invalidate through mmsKeys.

export const mmsKeys = {
  all: ['mms'] as const,
  templates: () => [...mmsKeys.all, 'templates'] as const,
  tasks: () => [...mmsKeys.all, 'tasks'] as const,
  records: () => [...mmsKeys.all, 'records'] as const,
};

export const mmsTemplateListQuery = (input: ActionInput<'GetUMMSTemplateList'>) =>
  queryOptions({
    queryKey: [...mmsKeys.templates(), 'list', input],
    queryFn: () => call('GetUMMSTemplateList', input),
    placeholderData: keepPreviousData,
  });

export const mmsTemplateQuery = (templateId: string) =>
  queryOptions({
    queryKey: [...mmsKeys.templates(), 'one', templateId],
    queryFn: () => call('GetUMMSTemplate', { TemplateId: templateId }),
  });

export const mmsTaskListQuery = (input: ActionInput<'GetUMMSSendTask'>) =>
  queryOptions({
    queryKey: [...mmsKeys.tasks(), 'list', input],
    queryFn: () => call('GetUMMSSendTask', input),
    placeholderData: keepPreviousData,
  });

export const mmsRecordsQuery = (input: ActionInput<'GetUMMSSendRecord'>) =>
  queryOptions({
    queryKey: [...mmsKeys.records(), input],
    queryFn: () => call('GetUMMSSendRecord', input),
    placeholderData: keepPreviousData,
  });

export const mmsPriceQuery = (countryCode: string) =>
  queryOptions({
    queryKey: [...mmsKeys.all, 'price', countryCode],
    queryFn: () => call('GetUMMSPrice', { CountryCode: countryCode }),
    staleTime: 10 * 60_000,
  });
