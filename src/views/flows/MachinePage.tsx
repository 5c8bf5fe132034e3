import { useEffect, useMemo, useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { findMachine } from '../../machines/registry';
import { useLabel } from '../../i18n/useLabel';
import { activeStateIds, describeMachine } from '../../statecharts/statechart';
import { explorePaths, pathsToJson, pathsToMarkdown } from '../../statecharts/explore';
import { Spinner } from '../ui/Spinner';
import { FlowDiagram } from './FlowDiagram';
import { LivePanel } from './LivePanel';
import { PathsPanel, type PathSelection } from './PathsPanel';
import { ExportBar } from './ExportBar';
import { useLabelWords } from './labels';
import { useMachineLayout } from './useMachineLayout';
import { useLiveActors, useLiveStore, type LiveActor } from './live-store';
import type { MachineGraph } from './machine-graph';

const EMPTY = new Set<string>();

/** The edges of the microsteps an actor just took. */
function takenEdges(graph: MachineGraph, actor: LiveActor | undefined): Set<string> {
  if (!actor) return EMPTY;
  const ids = new Set<string>();
  for (const step of actor.lastTransitions) {
    for (const edge of graph.edges) {
      if (edge.source !== step.source || edge.eventType !== step.event || !edge.transitionId) continue;
      if (step.targets.length ? step.targets.includes(edge.target) : edge.internal) ids.add(edge.id);
    }
  }
  return ids;
}

export default function MachinePage() {
  const { t } = useTranslation('flows');
  const label = useLabel();
  const { machineId = '' } = useParams<{ machineId: string }>();
  const entry = findMachine(machineId);
  const words = useLabelWords();
  const { graph, layout } = useMachineLayout(entry?.machine, words);
  const structure = useMemo(() => (entry ? describeMachine(entry.machine) : null), [entry]);
  const explored = useMemo(() => (entry ? explorePaths(entry.machine, { words }) : null), [entry, words]);
  const store = useLiveStore();
  const actors = useLiveActors(store).filter((actor) => actor.machineId === machineId);
  const [tab, setTab] = useState(0);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [selection, setSelection] = useState<PathSelection>({ kind: 'shortest', pathId: null, step: 0 });

  // A machine's page starts with nothing chosen; a new machine resets the choices.
  useEffect(() => {
    setSelectedKey(null);
    setSelection({ kind: 'shortest', pathId: null, step: 0 });
  }, [machineId]);

  const liveActor = actors.find((actor) => actor.key === selectedKey);
  const chosenPath = explored
    ? ((selection.kind === 'simple' ? explored.simple : explored.shortest) ?? []).find(
        (path) => path.id === selection.pathId,
      )
    : undefined;
  const pathStep = chosenPath?.steps[Math.min(selection.step, chosenPath.steps.length - 1)];

  const highlight = useMemo(() => {
    if (!entry || !graph) return { states: EMPTY, edges: EMPTY };
    if (tab === 0) {
      if (!liveActor) return { states: EMPTY, edges: EMPTY };
      return { states: new Set(activeStateIds(entry.machine, liveActor.value)), edges: takenEdges(graph, liveActor) };
    }
    if (!pathStep) return { states: EMPTY, edges: EMPTY };
    return {
      states: new Set(pathStep.stateIds),
      edges: new Set(
        graph.edges
          .filter((edge) => edge.transitionId && edge.transitionId === pathStep.transitionId)
          .map((edge) => edge.id),
      ),
    };
  }, [entry, graph, tab, liveActor, pathStep]);

  if (!entry || !structure || !explored) {
    return (
      <div className="mx-auto max-w-xl py-10 text-center">
        <p className="text-base font-medium text-slate-800">{t('machine.notFound', { id: machineId })}</p>
        <p className="mt-1 text-sm text-slate-500">{t('machine.notFoundHint')}</p>
        <Link href="/flows" className="mt-4 inline-block text-sm text-brand-700 underline">
          {t('machine.back')}
        </Link>
      </div>
    );
  }
  const title = label(entry.title);

  return (
    <div className="flex flex-col gap-3">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link href="/flows" className="text-sm text-brand-700 underline">
            ← {t('machine.back')}
          </Link>
          <h1 className="mt-1 text-xl font-semibold text-slate-900" data-testid="machine-title">
            {title}{' '}
            <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 align-middle text-xs font-normal text-slate-600">
              {t(`kinds.${entry.kind}`)}
            </span>
          </h1>
          <p className="text-sm text-slate-600">{label(entry.description)}</p>
          <p className="mt-1 text-xs text-slate-500">
            {t('machine.id')}: <code>{entry.id}</code> ·{' '}
            {t('machine.counts', { states: structure.states.length, transitions: structure.transitions.length })}
            {layout.status === 'ready' && (
              <>
                {' · '}
                <span data-testid="layout-time" data-ms={layout.ms}>
                  {t('machine.layoutTime', { ms: layout.ms })}
                </span>
              </>
            )}
          </p>
        </div>
        <ExportBar
          fileBase={entry.id}
          title={title}
          graph={layout.status === 'ready' ? layout.graph : null}
          paths={{ markdown: () => pathsToMarkdown(explored, title), json: () => pathsToJson(explored) }}
        />
      </header>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="h-[72vh] min-h-[420px] overflow-hidden rounded-[var(--radius-herald)] border border-slate-200 bg-white">
          {layout.status === 'pending' && (
            <div className="flex h-full items-center justify-center text-brand-600">
              <Spinner className="h-8 w-8" label={t('machine.layingOut')} />
            </div>
          )}
          {layout.status === 'failed' && (
            <p role="alert" className="p-6 text-sm text-red-600">
              {t('machine.layoutFailed', { message: layout.message })}
            </p>
          )}
          {layout.status === 'ready' && (
            <FlowDiagram
              graph={layout.graph}
              label={t('machine.diagram', { title })}
              activeStateIds={highlight.states}
              activeEdgeIds={highlight.edges}
            />
          )}
        </div>
        <aside className="rounded-[var(--radius-herald)] border border-slate-200 bg-white p-3">
          <TabGroup selectedIndex={tab} onChange={setTab}>
            <TabList className="mb-3 flex gap-1 border-b border-slate-200">
              {[t('tabs.live'), t('tabs.paths')].map((name) => (
                <Tab
                  key={name}
                  className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-slate-600 data-[selected]:border-brand-600 data-[selected]:text-brand-700 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-500"
                >
                  {name}
                </Tab>
              ))}
            </TabList>
            <TabPanels>
              <TabPanel>
                <LivePanel machineId={entry.id} actors={actors} selectedKey={selectedKey} onSelect={setSelectedKey} />
              </TabPanel>
              <TabPanel>
                <PathsPanel explored={explored} selection={selection} onChange={setSelection} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
          <Legend />
        </aside>
      </div>
    </div>
  );
}

function Legend() {
  const { t } = useTranslation('flows');
  return (
    <details className="mt-4 text-xs text-slate-600">
      <summary className="cursor-pointer font-medium">{t('legend.title')}</summary>
      <ul className="mt-1 space-y-0.5">
        <li>● {t('legend.initial')}</li>
        <li>◎ {t('legend.final')}</li>
        <li>┆ {t('legend.parallel')}</li>
        <li>H {t('legend.history')}</li>
        <li>- - {t('legend.always')}</li>
        <li>· · {t('legend.after')}</li>
      </ul>
    </details>
  );
}
