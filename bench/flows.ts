// Figures for the flows inspector (issue 4): elk layout time of the largest registered machine, path
// counts for every machine, and whether the inspector's code stays out of other routes' initial JS.
// bench/run.ts calls benchFlows(); `npx tsx bench/flows.ts` prints it alone. Figures, never assertions.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { machineRegistry } from '../src/machines/registry';
import { explorePaths } from '../src/statecharts/explore';
import { machineToGraph, toElkGraph } from '../src/views/flows/machine-graph';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Written by e2e/flows.spec.ts: the layout measured in Chromium, in the inspector's Web Worker. */
export const BROWSER_LAYOUT_FILE = path.join(ROOT, 'bench/out/flows-layout.json');
const LAYOUT_AIM_MS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function layoutFigures(): Promise<Record<string, string | number>> {
  const sized = machineRegistry.map((entry) => {
    const graph = machineToGraph(entry.machine);
    return { entry, graph, size: graph.nodes.length + graph.edges.length };
  });
  const largest = sized.sort((a, b) => b.size - a.size)[0];
  const elk = new ELK();
  let started = performance.now();
  await elk.layout(toElkGraph(largest.graph));
  const coldMs = performance.now() - started;
  const warm: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    started = performance.now();
    await elk.layout(toElkGraph(largest.graph));
    warm.push(performance.now() - started);
  }
  const figures: Record<string, string | number> = {
    'flows.largestMachine': `${largest.entry.id} (${largest.graph.nodes.length} nodes, ${largest.graph.edges.length} edges)`,
    'flows.layoutNodeColdMs': Math.round(coldMs),
    'flows.layoutNodeWarmMedianMs': Math.round(median(warm)),
    'flows.layoutAimMs': LAYOUT_AIM_MS,
  };
  if (existsSync(BROWSER_LAYOUT_FILE)) {
    const browser = JSON.parse(readFileSync(BROWSER_LAYOUT_FILE, 'utf8')) as {
      machineId: string;
      firstMs: number;
      warmMs: number;
      at: string;
    };
    figures['flows.layoutWorkerChromium'] =
      `${browser.machineId}: first ${browser.firstMs} ms, warm ${browser.warmMs} ms (e2e of ${browser.at})`;
  } else {
    figures['flows.layoutWorkerChromium'] = 'not measured: run E2E_PORT=8184 npx playwright test e2e/flows.spec.ts';
  }
  return figures;
}

function pathFigures(): Record<string, string | number> {
  const figures: Record<string, string | number> = {};
  let total = 0;
  for (const entry of machineRegistry) {
    const started = performance.now();
    const explored = explorePaths(entry.machine);
    total += explored.shortest.length + (explored.simple?.length ?? 0);
    figures[`flows.paths.${entry.id}`] =
      `${explored.shortest.length} shortest, ${explored.simple ? `${explored.simple.length} simple` : 'simple: too large'} (${Math.round(performance.now() - started)} ms)`;
  }
  figures['flows.paths.total'] = total;
  return figures;
}

/** Reads a vite build (with manifest) and checks that no route's initial JS holds React Flow or elkjs. */
function chunkFigures(
  distDir = [path.join(ROOT, 'bench/out/dist'), path.join(ROOT, 'dist')].find((dir) =>
    existsSync(path.join(dir, 'index.html')),
  ),
): Record<string, string | number> {
  if (!distDir) return { 'flows.initialJsClean': 'no build found' };
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const seen = new Set<string>();
  const queue = [...initial];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    // static imports only: dynamic import() chunks load with their route
    for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(`assets/${match[1]}`);
  }
  const offenders = [...seen].filter((file) =>
    /react-flow__|elkjs|org\.eclipse\.elk/.test(readFileSync(path.join(distDir, file), 'utf8')),
  );
  return {
    'flows.initialJsFiles': seen.size,
    'flows.initialJsClean': offenders.length ? `no: ${offenders.join(', ')}` : 'yes (no React Flow, no elkjs)',
  };
}

export async function benchFlows(): Promise<Record<string, string | number>> {
  return { ...(await layoutFigures()), ...pathFigures(), ...chunkFigures() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of Object.entries(await benchFlows())) console.log(`${name.padEnd(36)} ${value}`);
}
