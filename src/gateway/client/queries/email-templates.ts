import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of the e-mail templates (docs/decisions.md "E-mail templates"). Mutations invalidate through emailTemplateKeys.

export const emailTemplateKeys = {
  all: ['emailTemplates'] as const,
  list: () => [...emailTemplateKeys.all, 'list'] as const,
};

export const emailTemplateListQuery = (
  input: ActionInput<'GetEmailTemplateList'>,
  refetchWhile?: (data: { Templates: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...emailTemplateKeys.list(), input],
    queryFn: () => call('GetEmailTemplateList', input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (refetchWhile && query.state.data && refetchWhile(query.state.data) ? 3_000 : false),
  });

export const emailTemplateQuery = (templateId: string) =>
  queryOptions({
    queryKey: [...emailTemplateKeys.all, 'one', templateId],
    queryFn: () => call('GetEmailTemplate', { TemplateId: templateId }),
  });
