import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { stepAudiencesQuery } from '../../../gateway/client/queries/workflows';
import type { WorkflowDocument, WorkflowNode } from '../../../gateway/contract/workflow/document';
import { ordinalOf } from './canvas-view';

/**
 * How the canvas names a step: its kind numbered within a document ("SMS 2", also its accessible name
 * on the board), its short config ("Wait 1 day"), and both together for lists of changes.
 */
export function useStepWords(document: WorkflowDocument) {
  const { t } = useTranslation('mkthub');
  const audiences = useQuery(stepAudiencesQuery());
  const audienceName = useCallback(
    (id: string) =>
      [...(audiences.data?.segments ?? []), ...(audiences.data?.lists ?? [])].find((o) => o.id === id)?.name ?? id,
    [audiences.data],
  );
  const titleIn = useCallback(
    (within: WorkflowDocument, node: WorkflowNode) => `${t(`kinds.${node.kind}`)} ${ordinalOf(within, node)}`,
    [t],
  );
  const titleOf = useCallback((node: WorkflowNode) => titleIn(document, node), [titleIn, document]);
  const summaryOf = useCallback(
    (node: WorkflowNode): string => {
      switch (node.kind) {
        case 'trigger':
          return `${t(`step.sources.${node.config.source}`)}${node.config.audienceId ? `: ${audienceName(node.config.audienceId)}` : ''}`;
        case 'condition':
          return node.config.audienceId ? audienceName(node.config.audienceId) : t('step.summary.noAudience');
        case 'delay':
          return t('step.summary.delay', {
            duration: t(`step.duration.${node.config.unit}`, { count: node.config.amount }),
          });
        case 'window':
          return t('step.summary.window', node.config);
        case 'exit':
          return '';
        default:
          return node.config.templateId || t('step.summary.noTemplate');
      }
    },
    [t, audienceName],
  );
  const labelIn = useCallback(
    (within: WorkflowDocument, node: WorkflowNode) => {
      const summary = summaryOf(node);
      return summary ? `${titleIn(within, node)} (${summary})` : titleIn(within, node);
    },
    [titleIn, summaryOf],
  );
  return { audiences, audienceName, titleOf, summaryOf, labelIn };
}
