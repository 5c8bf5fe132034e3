import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { SMS_TEMPLATE_STATUS, EMAIL_TEMPLATE_STATUS } from '../../contract/statuses';
import type { SendKind } from '../../contract/workflow/document';

// Reads of the Marketing hub's workflows (issue 14) and of what their steps pick from. The canvas
// machine loads and saves the document itself.

export const workflowKeys = {
  all: ['workflows'] as const,
  list: () => [...workflowKeys.all, 'list'] as const,
};

export const workflowListQuery = (input: ActionInput<'ListSEQ2Workflow'>) =>
  queryOptions({
    queryKey: [...workflowKeys.list(), input],
    queryFn: () => call('ListSEQ2Workflow', input),
    placeholderData: keepPreviousData,
  });

export interface PickOption {
  id: string;
  name: string;
}

const ALL_APPROVED = { Page: 1, NumPerPage: 500 } as const;

/** The approved templates a send step of a channel can use. */
export const stepTemplatesQuery = (kind: SendKind) =>
  queryOptions({
    queryKey: ['workflowStepTemplates', kind],
    queryFn: async (): Promise<PickOption[]> => {
      const passed = [SMS_TEMPLATE_STATUS.Passed];
      const { Templates } =
        kind === 'sms'
          ? await call('QueryUSMSTemplate', { ...ALL_APPROVED, Status: passed })
          : kind === 'mms'
            ? await call('GetUMMSTemplateList', { ...ALL_APPROVED, Status: passed })
            : await call('GetEmailTemplateList', {
                ...ALL_APPROVED,
                NumPerPage: 100,
                Status: [EMAIL_TEMPLATE_STATUS.Passed],
              });
      return Templates.map((template) => ({ id: template.TemplateId, name: template.TemplateName }));
    },
    staleTime: 30_000,
  });

/** The lists and segments a trigger or a condition can read, ids prefixed L / S. */
export const stepAudiencesQuery = () =>
  queryOptions({
    queryKey: ['workflowStepAudiences'],
    queryFn: async () => {
      const [{ Lists }, { Segments }] = await Promise.all([call('ListContactLists', {}), call('ListSegments', {})]);
      return {
        lists: Lists.map((list): PickOption => ({ id: `L${list.ListId}`, name: list.Name })),
        segments: Segments.map((segment): PickOption => ({ id: `S${segment.SegmentId}`, name: segment.Name })),
      };
    },
    staleTime: 30_000,
  });
