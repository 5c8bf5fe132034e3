import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of WhatsApp sending (docs/decisions.md "WhatsApp sending"). Mutations invalidate through waSendKeys.

export const waSendKeys = {
  all: ['waSend'] as const,
  tasks: () => [...waSendKeys.all, 'tasks'] as const,
  records: () => [...waSendKeys.all, 'records'] as const,
  statistics: () => [...waSendKeys.all, 'statistics'] as const,
};

/** Refreshes every 3 s while `moving` says something on the page is still moving. */
const refetchWhile =
  <T>(moving?: (data: T) => boolean) =>
  (query: { state: { data?: T } }) =>
    moving && query.state.data !== undefined && moving(query.state.data) ? 3_000 : false;

export const waTaskListQuery = (
  input: ActionInput<'GetWhatsAppSendTask'>,
  moving?: (data: { Tasks: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...waSendKeys.tasks(), 'list', input],
    queryFn: () => call('GetWhatsAppSendTask', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhile(moving),
  });

export const waRecordsQuery = (
  input: ActionInput<'GetWhatsAppSendRecord'>,
  moving?: (data: { Records: { Status: string }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...waSendKeys.records(), input],
    queryFn: () => call('GetWhatsAppSendRecord', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhile(moving),
  });

/** The template a "send with this template" link names (?templateId= on /whatsapp/sending). */
export const waSendTemplateQuery = (templateId: string) =>
  queryOptions({
    queryKey: [...waSendKeys.all, 'template', templateId],
    queryFn: () => call('GetWhatsAppTemplate', { TemplateId: templateId }),
    enabled: templateId !== '',
  });

export const waStatisticsQuery = (input: ActionInput<'GetWhatsAppSendStatistics'>) =>
  queryOptions({
    queryKey: [...waSendKeys.statistics(), 'send', input],
    queryFn: () => call('GetWhatsAppSendStatistics', input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const waReceiptCodesQuery = (input: ActionInput<'GetWhatsAppSendReceiptCodeStatistics'>) =>
  queryOptions({
    queryKey: [...waSendKeys.statistics(), 'codes', input],
    queryFn: () => call('GetWhatsAppSendReceiptCodeStatistics', input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
