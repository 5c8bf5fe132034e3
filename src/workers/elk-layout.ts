import ELK from 'elkjs/lib/elk-api';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ElkNode } from 'elkjs/lib/elk-api';

/**
 * elkjs runs in its own Web Worker (elk-worker.min.js), so a large graph never blocks the page. One worker
 * for the page: the flows inspector's machine diagrams and the workflow canvas's tidy-up share it.
 */
let elk: ReturnType<typeof createElk> | null = null;

function createElk() {
  return new ELK({ workerFactory: () => new Worker(elkWorkerUrl) });
}

/** Starts the worker and elk's own start-up before the first diagram is asked for. */
export function warmLayoutWorker(): void {
  elk ??= createElk();
  void elk.knownLayoutAlgorithms().catch(() => undefined);
}

/** Lays out a graph in the worker; `ms` is the round trip as the page sees it. */
export async function layoutInWorker(graph: ElkNode): Promise<{ layout: ElkNode; ms: number }> {
  elk ??= createElk();
  const started = performance.now();
  const layout = await elk.layout(graph);
  return { layout, ms: Math.round(performance.now() - started) };
}
