import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimulationNode, WorkflowSimulation } from '../../../gateway/contract/actions/workflows';
import { formatMoney } from '../../../gateway/contract/money';
import type { WorkflowDocument, WorkflowNode } from '../../../gateway/contract/workflow/document';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

// The result of "Simulate" on the workflow canvas (issue 14 item 3): who enters, the messages and cost
// per channel, and each way through the journey with its contacts. Counts per step are on the canvas.

export type SimulationPhase = 'simulating' | 'shown' | 'failed';

/** Why a send step would fail, as the engine words it (engine-send.ts), for the step's note. */
export function problemKey(problem: string) {
  if (problem.startsWith('retcode:')) return 'simulate.problem.templateMissing' as const;
  const known = ['templateNotUsable', 'templateHasVariables', 'noSender'] as const;
  const found = known.find((key) => key === problem);
  return `simulate.problem.${found ?? 'templateMissing'}` as const;
}

/** The counts a step shows on the canvas while a simulation is shown. */
export function useSimulationNote() {
  const { t } = useTranslation('mkthub');
  return useCallback(
    (node: WorkflowNode, counts: SimulationNode | undefined): string => {
      if (!counts) return '';
      if (counts.Problem)
        return t('simulate.note.failing', { count: counts.Failed ?? 0, reason: t(problemKey(counts.Problem)) });
      if (node.kind === 'condition') return t('simulate.note.branches', { yes: counts.Yes ?? 0, no: counts.No ?? 0 });
      if (counts.Messages !== undefined) return t('simulate.note.messages', { count: counts.Messages });
      return t('simulate.note.reached', { count: counts.Reached });
    },
    [t],
  );
}

export function SimulationPanel({
  phase,
  result,
  stale,
  error,
  document,
  titleOf,
  onRun,
  onClose,
}: {
  phase: SimulationPhase;
  result: WorkflowSimulation | null;
  stale: boolean;
  error: string | null;
  document: WorkflowDocument;
  titleOf: (node: WorkflowNode) => string;
  onRun: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('mkthub');
  const money = (units: number) => formatMoney(units, 'usd', i18n.language);
  const titleById = (id: string) => {
    const node = document.nodes.find((candidate) => candidate.id === id);
    return node ? titleOf(node) : id;
  };
  return (
    <section aria-labelledby="simulation-title" className="grid gap-3 border-b border-slate-200 pb-4">
      <div className="flex items-center gap-2">
        <h2 id="simulation-title" className="mr-auto text-sm font-semibold text-slate-900">
          {t('simulate.title')}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          {t('simulate.close')}
        </Button>
      </div>
      {phase === 'simulating' && <Spinner className="h-5 w-5" label={t('simulate.running')} />}
      {phase === 'failed' && (
        <div
          role="alert"
          className="grid gap-2 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p>{t('simulate.failed', { reason: error ?? '' })}</p>
          <Button variant="secondary" onClick={onRun}>
            {t('simulate.again')}
          </Button>
        </div>
      )}
      {phase === 'shown' && result && (
        <>
          {stale && (
            <p role="status" className="flex items-center gap-2 text-sm text-amber-800">
              <span>{t('simulate.stale')}</span>
              <Button variant="secondary" onClick={onRun}>
                {t('simulate.again')}
              </Button>
            </p>
          )}
          <p className="text-sm text-slate-600">{t('simulate.noSending')}</p>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-600">{t('simulate.entered')}</dt>
            <dd className="text-right font-semibold text-slate-900" data-testid="simulation-entered">
              {result.Entered.toLocaleString(i18n.language)}
            </dd>
            {result.Channels.map((channel) => (
              <div key={channel.Channel} className="contents">
                <dt className="text-slate-600">{t(`kinds.${channel.Channel}`)}</dt>
                <dd className="text-right text-slate-900">
                  {t('simulate.channelLine', { count: channel.Messages, cost: money(channel.Cost) })}
                </dd>
              </div>
            ))}
            <dt className="text-slate-600">{t('simulate.cost')}</dt>
            <dd className="text-right font-semibold text-slate-900">{money(result.Cost)}</dd>
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-900">{t('simulate.paths')}</h3>
            <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700">
              {result.Paths.map((path) => (
                <li key={path.Nodes.join('>') + String(path.Loops)}>
                  <span>{path.Nodes.map(titleById).join(' → ')}</span>
                  {path.Loops && <span className="ml-1 text-amber-800">{t('simulate.loops')}</span>}
                  <span className="block text-xs text-slate-500">
                    {t('simulate.pathContacts', { count: path.Contacts })} ·{' '}
                    {t('simulate.pathDays', { count: path.Days })}
                  </span>
                </li>
              ))}
            </ol>
            {result.PathsTruncated && (
              <p className="mt-1 text-xs text-slate-500">{t('simulate.truncated', { count: result.Paths.length })}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
