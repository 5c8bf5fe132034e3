import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { applyLayout, machineToGraph, toElkGraph, type LaidOutGraph, type MachineGraph } from './machine-graph';
import { layoutInWorker } from '../../workers/elk-layout';
import type { LabelWords } from '../../statecharts/statechart';

type LayoutState =
  { status: 'pending' } | { status: 'ready'; graph: LaidOutGraph; ms: number } | { status: 'failed'; message: string };

/** The machine's graph, laid out by elkjs in its worker; redone when the machine or the words change. */
export function useMachineLayout(
  machine: AnyStateMachine | undefined,
  words: LabelWords,
): { graph: MachineGraph | null; layout: LayoutState } {
  const graph = useMemo(() => (machine ? machineToGraph(machine, words) : null), [machine, words]);
  const [result, setResult] = useState<{ for: MachineGraph; state: LayoutState } | null>(null);
  useEffect(() => {
    if (!graph) return;
    let cancelled = false;
    layoutInWorker(toElkGraph(graph)).then(
      ({ layout, ms }) =>
        !cancelled && setResult({ for: graph, state: { status: 'ready', graph: applyLayout(graph, layout), ms } }),
      (error: unknown) =>
        !cancelled &&
        setResult({
          for: graph,
          state: { status: 'failed', message: error instanceof Error ? error.message : String(error) },
        }),
    );
    return () => {
      cancelled = true;
    };
  }, [graph]);
  return { graph, layout: result && result.for === graph ? result.state : { status: 'pending' } };
}
