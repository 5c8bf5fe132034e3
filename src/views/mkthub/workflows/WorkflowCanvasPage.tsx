import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useRoute } from 'wouter';
import { stepTemplatesQuery, workflowKeys } from '../../../gateway/client/queries/workflows';
import { NODE_KINDS, SEND_KINDS, type SendKind, type WorkflowNode } from '../../../gateway/contract/workflow/document';
import { validateWorkflow } from '../../../gateway/contract/workflow/rules';
import {
  isDirty,
  workflowCanvasMachine,
  type WorkflowCanvasEditEvent,
  type WorkflowCanvasMode,
} from '../../../machines/workflow-canvas.machine';
import { workflowSimulationMachine } from '../../../machines/workflow-simulation.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useLabel } from '../../../i18n/useLabel';
import type { TranslationKey } from '../../../i18n/keys';
import { LeaveGuard } from '../../common/LeaveGuard';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { ErrorState } from '../../ui/EmptyState';
import { PageLoading } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { CanvasBoard } from './CanvasBoard';
import { issuesByStep, placeForNewStep } from './canvas-view';
import { ChangesPanel } from './ChangesPanel';
import { useStepWords } from './useStepWords';
import { StepPanel } from './StepPanel';
import { SimulationPanel, useSimulationNote, type SimulationPhase } from './SimulationPanel';

const LIST = '/mkthub/workflowlist';

function useMode(): WorkflowCanvasMode {
  const [edit] = useRoute('/mkthub/editworkflow/:seqId');
  const [copy] = useRoute('/mkthub/copyworkflow/:seqId');
  const [preview] = useRoute('/mkthub/workflowpreview/:seqId');
  return edit ? 'edit' : copy ? 'copy' : preview ? 'preview' : 'create';
}

/** /mkthub/createworkflow, editworkflow/{SeqId}, copyworkflow/{SeqId} and workflowpreview/{SeqId}. */
export default function WorkflowCanvasPage() {
  const { seqId } = useParams<{ seqId?: string }>();
  const mode = useMode();
  const [, navigate] = useLocation();
  // A new or copied draft, once saved, is at its edit address (a reload opens it again); the canvas
  // that saved it stays mounted, with its undo history.
  const [adopted, setAdopted] = useState<{ seqId: string; key: string } | null>(null);
  const key = adopted && mode === 'edit' && seqId === adopted.seqId ? adopted.key : `${mode}:${seqId ?? ''}`;
  const adopt = useCallback(
    (saved: string) => {
      setAdopted({ seqId: saved, key });
      navigate(`/mkthub/editworkflow/${saved}`, { replace: true });
    },
    [key, navigate],
  );
  return <Canvas key={key} mode={mode} seqId={seqId} onFirstSave={adopt} />;
}

function Canvas({
  mode,
  seqId,
  onFirstSave,
}: {
  mode: WorkflowCanvasMode;
  seqId?: string;
  onFirstSave: (seqId: string) => void;
}) {
  const { t } = useTranslation('mkthub');
  const { t: tv } = useTranslation('validation');
  const label = useLabel();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const actor = useActorRef(workflowCanvasMachine, { input: { mode, seqId }, inspect: inspectActor });
  const phase = useSelector(actor, (s) =>
    s.matches('ready') ? 'ready' : s.matches('preview') ? 'preview' : String(s.value),
  );
  const context = useSelector(actor, (s) => s.context);
  const draft = useSelector(actor, (s) =>
    s.matches('ready') ? (s.value as { ready: { draft: string } }).ready.draft : null,
  );
  const confirmingLeave = useSelector(actor, (s) => s.matches({ ready: { editor: 'confirmingLeave' } }));
  const arranging = useSelector(actor, (s) => s.matches({ ready: { editor: 'arranging' } }));
  const canTidy = useSelector(actor, (s) => s.can({ type: 'layout.request' }));
  const canUndo = context.past.length > 0;
  const canRedo = context.future.length > 0;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const readOnly = phase === 'preview';
  const document = context.document;
  const send = useCallback((event: WorkflowCanvasEditEvent) => actor.send(event), [actor]);
  const simulation = useActorRef(workflowSimulationMachine, { inspect: inspectActor });
  const simulationPhase = useSelector(simulation, (s) => String(s.value) as SimulationPhase | 'closed');
  const simulated = useSelector(simulation, (s) => s.context);
  const simulationNote = useSimulationNote();
  useEffect(() => simulation.send({ type: 'document.changed' }), [simulation, document]);
  const noteOf = useMemo(() => {
    if (simulationPhase !== 'shown' || !simulated.result) return undefined;
    const counts = new Map(simulated.result.Nodes.map((node) => [node.NodeId, node]));
    return (node: WorkflowNode) => simulationNote(node, counts.get(node.id));
  }, [simulationPhase, simulated.result, simulationNote]);
  const simulate = () => simulation.send({ type: 'simulate', document });

  const { audiences, audienceName, titleOf, summaryOf, labelIn } = useStepWords(document);
  const selected = document.nodes.find((node) => node.id === selectedId) ?? null;
  const templates = useQuery({
    ...stepTemplatesQuery((selected?.kind ?? 'sms') as SendKind),
    enabled: Boolean(selected && (SEND_KINDS as readonly string[]).includes(selected.kind)),
  });
  const issues = useMemo(() => validateWorkflow(document), [document]);
  const byStep = useMemo(() => issuesByStep(issues), [issues]);

  useEffect(() => {
    if (phase === 'left') navigate(LIST);
  }, [phase, navigate]);
  useEffect(() => {
    if ((mode === 'create' || mode === 'copy') && context.seqId) onFirstSave(context.seqId);
  }, [mode, context.seqId, onFirstSave]);
  useEffect(() => {
    if (draft === 'saved' && context.seqId) void client.invalidateQueries({ queryKey: workflowKeys.all });
  }, [draft, context.seqId, client]);
  useEffect(() => {
    if (readOnly) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      if ((event.target as HTMLElement | null)?.closest?.('input, textarea')) return;
      event.preventDefault();
      actor.send({ type: event.shiftKey ? 'history.redo' : 'history.undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actor, readOnly]);

  if (phase === 'start' || phase === 'loading') return <PageLoading label={t('canvas.loading')} />;
  if (phase === 'loadFailed')
    return (
      <ErrorState
        message={label((context.error ?? '') as TranslationKey) || t('canvas.loadFailed')}
        onRetry={() => actor.send({ type: 'load.retry' })}
        retryLabel={t('canvas.retry')}
      />
    );

  const title = t(
    mode === 'create'
      ? 'titles.createWorkflow'
      : mode === 'copy'
        ? 'titles.copyWorkflow'
        : mode === 'preview'
          ? 'titles.previewWorkflow'
          : 'titles.editWorkflow',
  );
  const saveState =
    draft === null
      ? null
      : draft === 'failed'
        ? t('canvas.saveState.failed', { reason: label((context.error ?? '') as TranslationKey) })
        : t(`canvas.saveState.${draft as 'saved'}`);
  const workflowIssues = byStep.get('') ?? [];

  return (
    <div className="flex h-[calc(100dvh-8rem)] min-h-[32rem] flex-col gap-3">
      <LeaveGuard dirty={!readOnly && isDirty(context)} />
      <header className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-xl font-semibold text-slate-900">{title}</h1>
        {readOnly ? (
          <>
            <Link href={LIST} className="text-sm text-brand-700 hover:underline">
              {t('canvas.back')}
            </Link>
            {seqId && context.seqId && (
              <Button variant="secondary" onClick={() => navigate(`/mkthub/editworkflow/${seqId}`)}>
                {t('canvas.edit')}
              </Button>
            )}
            {seqId && (
              <Button variant="secondary" onClick={() => navigate(`/mkthub/copyworkflow/${seqId}`)}>
                {t('canvas.copy')}
              </Button>
            )}
            <Button variant="secondary" onClick={simulate} loading={simulationPhase === 'simulating'}>
              {t('simulate.button')}
            </Button>
          </>
        ) : (
          <>
            <TextField
              label={t('canvas.name')}
              value={context.name}
              maxLength={64}
              onValueChange={(name) => actor.send({ type: 'name.change', name })}
              className="w-64"
            />
            <Button variant="secondary" disabled={!canUndo} onClick={() => actor.send({ type: 'history.undo' })}>
              {t('canvas.undo')}
            </Button>
            <Button variant="secondary" disabled={!canRedo} onClick={() => actor.send({ type: 'history.redo' })}>
              {t('canvas.redo')}
            </Button>
            <Button
              variant="secondary"
              disabled={!canTidy}
              loading={arranging}
              onClick={() => actor.send({ type: 'layout.request' })}
            >
              {t('canvas.tidy')}
            </Button>
            <Button variant="secondary" onClick={simulate} loading={simulationPhase === 'simulating'}>
              {t('simulate.button')}
            </Button>
            <Button
              onClick={() => actor.send({ type: 'draft.save' })}
              loading={draft === 'saving'}
              disabled={draft === 'saved'}
            >
              {t('canvas.save')}
            </Button>
            <Button variant="ghost" onClick={() => actor.send({ type: 'leave.request' })}>
              {t('canvas.back')}
            </Button>
          </>
        )}
      </header>
      {readOnly ? (
        <p role="note" className="text-sm text-slate-600">
          {t('canvas.readOnly')}
        </p>
      ) : (
        <p
          role="status"
          className={`text-sm ${draft === 'failed' || draft === 'conflict' ? 'text-red-700' : 'text-slate-600'}`}
        >
          {saveState}
        </p>
      )}
      {draft === 'conflict' && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-[var(--radius-herald)] bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <span className="min-w-0 flex-1">{t('canvas.conflict.text')}</span>
          <Button variant="secondary" onClick={() => actor.send({ type: 'conflict.reload' })}>
            {t('canvas.conflict.reload')}
          </Button>
          <Button onClick={() => actor.send({ type: 'conflict.overwrite' })}>{t('canvas.conflict.overwrite')}</Button>
        </div>
      )}
      {context.layoutFailed && (
        <p role="alert" className="rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('canvas.layoutFailed')}
        </p>
      )}
      {context.refusal && (
        <div
          role="alert"
          className="flex items-center gap-3 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <span>{t('canvas.refused', { reason: tv(`workflowRule.${context.refusal.code}`) })}</span>
          <Button variant="ghost" onClick={() => actor.send({ type: 'refusal.dismiss' })}>
            {t('canvas.dismiss')}
          </Button>
        </div>
      )}
      <div className="grid min-h-0 flex-1 gap-3 lg:grid-cols-[10rem_1fr_20rem]">
        {!readOnly && (
          <nav aria-label={t('canvas.palette')} className="flex flex-wrap content-start gap-2 lg:flex-col">
            {NODE_KINDS.map((kind) => (
              <Button
                key={kind}
                variant="secondary"
                onClick={() => {
                  const position = placeForNewStep(document, selectedId);
                  const newId = `n${context.nextId}`;
                  actor.send({ type: 'node.add', kind, position });
                  // A refused step (its reason is shown) leaves the selection where it was.
                  if (actor.getSnapshot().context.nextId > context.nextId) setSelectedId(newId);
                }}
              >
                {t('canvas.add', { kind: t(`kinds.${kind}`) })}
              </Button>
            ))}
          </nav>
        )}
        <div
          className={`relative min-h-[24rem] rounded-[var(--radius-herald)] border border-slate-200 bg-white ${readOnly ? 'lg:col-span-2' : ''}`}
        >
          {document.nodes.length === 0 && (
            <div className="pointer-events-none absolute inset-0 z-10 flex flex-col items-center justify-center text-center">
              <p className="font-medium text-slate-800">{t('canvas.emptyTitle')}</p>
              <p className="max-w-sm text-sm text-slate-500">{t('canvas.emptyBody')}</p>
            </div>
          )}
          <CanvasBoard
            document={document}
            readOnly={readOnly}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onEdit={send}
            titleOf={titleOf}
            summaryOf={summaryOf}
            noteOf={noteOf}
            issues={byStep}
            refusal={context.refusal}
            label={t('canvas.board')}
          />
        </div>
        <aside className="grid content-start gap-4 overflow-y-auto rounded-[var(--radius-herald)] border border-slate-200 bg-white p-4">
          {simulationPhase !== 'closed' && (
            <SimulationPanel
              phase={simulationPhase}
              result={simulated.result}
              stale={simulated.stale}
              error={simulated.error}
              document={simulated.document ?? document}
              titleOf={titleOf}
              onRun={simulate}
              onClose={() => simulation.send({ type: 'close' })}
            />
          )}
          {selected ? (
            <StepPanel
              document={document}
              step={selected}
              readOnly={readOnly}
              titleOf={titleOf}
              issues={byStep.get(selected.id) ?? []}
              audiences={audiences.data ?? { lists: [], segments: [], dateAttributes: [] }}
              templates={templates.data}
              onEdit={send}
            />
          ) : (
            <p className="text-sm text-slate-500">{t('canvas.selectStep')}</p>
          )}
          {context.running && !readOnly && (
            <ChangesPanel running={context.running} document={document} labelOf={labelIn} audienceName={audienceName} />
          )}
          <section aria-label={t('canvas.issuesTitle')}>
            <h2 className="mb-1 text-sm font-semibold text-slate-900">{t('canvas.issuesTitle')}</h2>
            {issues.length === 0 ? (
              <p className="text-sm text-emerald-700">{t('canvas.noIssues')}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {workflowIssues.map((found) => (
                  <li key={found.code}>
                    {t('canvas.workflowIssue')}: {tv(`workflowRule.${found.code}`)}
                  </li>
                ))}
                {document.nodes.flatMap((node) =>
                  (byStep.get(node.id) ?? []).map((found) => (
                    <li key={`${node.id}:${found.code}`}>
                      <button
                        type="button"
                        className="text-left text-brand-700 hover:underline"
                        onClick={() => setSelectedId(node.id)}
                      >
                        {titleOf(node)}
                      </button>
                      : {tv(`workflowRule.${found.code}`)}
                    </li>
                  )),
                )}
              </ul>
            )}
          </section>
        </aside>
      </div>
      <ConfirmDialog
        open={confirmingLeave}
        title={t('canvas.leaveTitle')}
        description={t('canvas.leaveBody')}
        confirmLabel={t('canvas.leave')}
        danger
        onConfirm={() => actor.send({ type: 'leave.confirm' })}
        onClose={() => actor.send({ type: 'leave.stay' })}
      />
    </div>
  );
}
