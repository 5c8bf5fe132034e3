import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of WhatsApp templates. While a template is in review the list asks again every few seconds, so
// the platform's verdict shows without a reload.

export const waTemplateKeys = {
  all: ['waTemplates'] as const,
  list: () => [...waTemplateKeys.all, 'list'] as const,
};

export const waTemplateListQuery = (input: ActionInput<'ListWhatsAppTemplate'>) =>
  queryOptions({
    queryKey: [...waTemplateKeys.list(), input],
    queryFn: () => call('ListWhatsAppTemplate', input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.Templates.some((t) => t.Status === 'PENDING' || t.Status === 'PENDING_DELETION') ? 2000 : false,
  });
