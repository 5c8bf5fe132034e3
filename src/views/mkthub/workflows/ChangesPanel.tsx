import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { diffWorkflow, type SettingChange, type StepChange } from '../../../gateway/contract/workflow/diff';
import type { WorkflowDocument, WorkflowEdge, WorkflowNode } from '../../../gateway/contract/workflow/document';
import type { RunningVersion } from '../../../machines/workflow-canvas.machine';

// "Changes" on the canvas of a running or paused journey (issue 14 item 1): the draft against the
// version new entrants take now, node by node, each step named as on the canvas with its short config.

/** A step's name in a document ("SMS 2", numbered in that document) and its short config. */
export type StepLabel = (document: WorkflowDocument, node: WorkflowNode) => string;

const SETTING_LABEL = {
  source: 'step.source',
  audience: 'step.audience',
  attribute: 'step.attribute',
  event: 'step.event',
  rules: 'step.rules',
  template: 'step.template',
  delay: 'step.amount',
  window: 'kinds.window',
} as const;

export function ChangesPanel({
  running,
  document,
  labelOf,
  audienceName,
}: {
  running: RunningVersion;
  document: WorkflowDocument;
  labelOf: StepLabel;
  audienceName: (id: string) => string;
}) {
  const { t } = useTranslation('mkthub');
  const diff = useMemo(() => diffWorkflow(running.Document, document), [running.Document, document]);

  const valueOf = (change: SettingChange, side: 'before' | 'after'): string => {
    const none = t('changes.none');
    switch (change.setting) {
      case 'source':
        return t(`step.sources.${change[side] as 'segment'}`);
      case 'audience':
        return change[side] ? audienceName(change[side]) : none;
      case 'rules':
        return change[side]
          .map((rule) => `${t(`step.ruleKinds.${rule.kind}`)}${rule.value ? ` ${rule.value}` : ''}`)
          .join(', ');
      case 'delay':
        return t(`step.duration.${change[side].unit}`, { count: change[side].amount });
      case 'window':
        return `${change[side].start}–${change[side].end}`;
      default:
        return change[side] || none;
    }
  };
  const stepLine = (step: StepChange) =>
    t(`changes.${step.change}`, {
      step: labelOf(step.change === 'removed' ? running.Document : document, step.node),
    });
  const edgeLine = (change: 'added' | 'removed', edge: WorkflowEdge) => {
    const within = change === 'added' ? document : running.Document;
    const name = (id: string) => {
      const node = within.nodes.find((candidate) => candidate.id === id);
      return node ? labelOf(within, node) : id;
    };
    const from = edge.branch ? `${name(edge.source)}, ${t(`step.branch.${edge.branch}`)}` : name(edge.source);
    return t(change === 'added' ? 'changes.connected' : 'changes.disconnected', { from, to: name(edge.target) });
  };

  const empty = diff.steps.length === 0 && diff.edges.length === 0;
  return (
    <section aria-label={t('changes.label')}>
      <h2 className="mb-1 text-sm font-semibold text-slate-900">{t('changes.title', { version: running.Version })}</h2>
      <p className="mb-2 text-xs text-slate-500">{t('changes.note')}</p>
      {empty ? (
        <p className="text-sm text-slate-600">{t('changes.empty')}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {diff.steps.map((step) => (
            <li key={`${step.change}:${step.node.id}`}>
              {stepLine(step)}
              {step.change === 'configured' && (
                <ul className="ml-4 list-disc text-slate-600">
                  {step.settings.map((setting) => (
                    <li key={setting.setting}>
                      {t('changes.setting', {
                        setting: t(SETTING_LABEL[setting.setting]),
                        before: valueOf(setting, 'before'),
                        after: valueOf(setting, 'after'),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          {diff.edges.map(({ change, edge }) => (
            <li key={`${change}:${edge.id}`}>{edgeLine(change, edge)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
