import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { SMS_TEMPLATE_STATUS, EMAIL_TEMPLATE_STATUS, WORKFLOW_STATUS } from '../../contract/statuses';
import type { SendKind } from '../../contract/workflow/document';
import { ATTRIBUTE_TYPE } from '../../contract/audience/rules';

// Reads of the Marketing hub's workflows (issue 14) and of what their steps pick from. The canvas
// machine loads and saves the document itself.

export const workflowKeys = {
  all: ['workflows'] as const,
  list: () => [...workflowKeys.all, 'list'] as const,
  insight: (seqId: string) => [...workflowKeys.all, 'insight', seqId] as const,
};

export const workflowListQuery = (input: ActionInput<'ListSEQ2Workflow'>) =>
  queryOptions({
    queryKey: [...workflowKeys.list(), input],
    queryFn: () => call('ListSEQ2Workflow', input),
    placeholderData: keepPreviousData,
  });

/** A journey's figures (GetSEQ2Insight); asked again every few seconds while it runs. */
export const workflowInsightQuery = (seqId: string) =>
  queryOptions({
    queryKey: workflowKeys.insight(seqId),
    queryFn: () => call('GetSEQ2Insight', { SeqId: seqId }),
    refetchInterval: (query) => (query.state.data?.Status === WORKFLOW_STATUS.Running ? 3_000 : false),
  });

export interface PickOption {
  id: string;
  name: string;
}

const PAGE_SIZE = 500;

/** Every row of a paged list, page by page (an account may have more approved templates than one page). */
async function everyPage<T>(
  fetchPage: (page: { Page: number; NumPerPage: number }) => Promise<{ Total: number; Templates: T[] }>,
) {
  const rows: T[] = [];
  for (let Page = 1; ; Page += 1) {
    const { Total, Templates } = await fetchPage({ Page, NumPerPage: PAGE_SIZE });
    rows.push(...Templates);
    if (Templates.length < PAGE_SIZE || rows.length >= Total) return rows;
  }
}

/** The approved templates a send step of a channel can use. */
export const stepTemplatesQuery = (kind: SendKind) =>
  queryOptions({
    queryKey: ['workflowStepTemplates', kind],
    queryFn: async (): Promise<PickOption[]> => {
      const passed = [SMS_TEMPLATE_STATUS.Passed];
      const templates = await everyPage<{ TemplateId: string; TemplateName: string }>((page) =>
        kind === 'sms'
          ? call('QueryUSMSTemplate', { ...page, Status: passed })
          : kind === 'mms'
            ? call('GetUMMSTemplateList', { ...page, Status: passed })
            : call('GetEmailTemplateList', { ...page, Status: [EMAIL_TEMPLATE_STATUS.Passed] }),
      );
      return templates.map((template) => ({ id: template.TemplateId, name: template.TemplateName }));
    },
    staleTime: 30_000,
  });

/** The lists and segments a trigger or a condition can read (ids prefixed L / S), and the Date attributes. */
export const stepAudiencesQuery = () =>
  queryOptions({
    queryKey: ['workflowStepAudiences'],
    queryFn: async () => {
      const [{ Lists }, { Segments }, { Attributes }] = await Promise.all([
        call('ListContactLists', {}),
        call('ListSegments', {}),
        call('ListContactAttributes', {}),
      ]);
      return {
        lists: Lists.map((list): PickOption => ({ id: `L${list.ListId}`, name: list.Name })),
        segments: Segments.map((segment): PickOption => ({ id: `S${segment.SegmentId}`, name: segment.Name })),
        // a date trigger names its attribute (config.attribute), so the option's id is the name
        dateAttributes: Attributes.filter((attribute) => attribute.Type === ATTRIBUTE_TYPE.Date).map(
          (attribute): PickOption => ({ id: attribute.Name, name: attribute.Name }),
        ),
      };
    },
    staleTime: 30_000,
  });
