// Issue 14's canvas figures: a 200-step workflow on the canvas (/mkthub/editworkflow/{SeqId}, React Flow
// driven by src/machines/workflow-canvas.machine.ts).
// - In Node, on the machine alone (createActor): the 200 steps and their connections drawn as events, then
//   1,000 edits (step moves), 1,000 undos and 1,000 redos, per operation.
// - In Chromium against a real server, the document saved through SaveSEQ2Workflow and opened on the canvas:
//   the frame times while a step is dragged with the mouse for ~2 s (requestAnimationFrame deltas: p50, p95,
//   max, frames over 16.7 ms and the frames missed), Tidy up from the click to the new positions on screen
//   and the elk worker's round trip alone (the page's Worker wrapped to time its layout message), elk on the
//   same graph in Node for comparison; and BENCH_CANVAS_PAGE_EDITS (100) edits made in the step panel
//   (a delay's Wait field) then undone and redone with the canvas's shortcuts (Ctrl+Z, Ctrl+Shift+Z).
// bench/run.ts calls benchCanvas() (`--only=canvas`); `npx tsx bench/canvas.ts` prints it alone.
// BENCH_CANVAS_TRACE=1 also records a Chromium trace of the drag and names its long tasks.
// Figures, never assertions.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import ELK from 'elkjs/lib/elk.bundled.js';
import { createActor } from 'xstate';
import type { NodeKind, WorkflowDocument, WorkflowNode } from '../src/gateway/contract/workflow/document';
import { invariantIssues } from '../src/gateway/contract/workflow/rules';
import { workflowCanvasMachine, type WorkflowCanvasEditEvent } from '../src/machines/workflow-canvas.machine';
import { journeyToElkGraph } from '../src/workers/journey-layout';
import { CHROMIUM, CHROMIUM_ARGS, consoleBuild } from './lib/console-build';
import { longTasksOf } from './lib/long-tasks';
import { callApi, freePort, OUT, signInDemo, startServer, waitForApi } from './lib/server';

const STEPS = Number(process.env.BENCH_CANVAS_STEPS || 200);
const EDITS = 1_000;
// 100 by default: at ~0.2 s an edit, undo or redo on this machine, 1,000 of each in the page take ~10 minutes
const PAGE_EDITS = Number(process.env.BENCH_CANVAS_PAGE_EDITS || 100);
const DRAG_MS = 2_000;
const FRAME_MS = 1000 / 60;
const TRACE = Boolean(process.env.BENCH_CANVAS_TRACE);

const load = () => os.loadavg()[0].toFixed(1);
const round1 = (value: number) => Number(value.toFixed(1));
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/**
 * A journey of `steps` steps: a trigger, then blocks of a condition (yes → SMS, no → e-mail) joining again
 * at a one-day delay, a chain of delays to fill up, and an exit. Every invariant holds (no readiness: no
 * audiences or templates chosen). Positions are scattered (a fixed pseudo-random spread), so Tidy up moves
 * every step.
 */
export function journeyOf(steps: number): WorkflowDocument {
  const nodes: WorkflowNode[] = [];
  const edges: WorkflowDocument['edges'] = [];
  let seed = 14;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const add = (kind: NodeKind): string => {
    const id = `n${nodes.length + 1}`;
    const config =
      kind === 'trigger'
        ? { source: 'list', audienceId: '', attribute: '', event: '' }
        : kind === 'condition'
          ? { audienceId: '', rules: [{ kind: 'inSegment', value: '' }] }
          : kind === 'delay'
            ? { amount: 1, unit: 'day' }
            : kind === 'exit'
              ? {}
              : { templateId: '' };
    const position = { x: Math.round(random() * 4_000), y: Math.round(random() * 2_500) };
    nodes.push({ id, kind, position, config } as WorkflowNode);
    return id;
  };
  // ids as the canvas machine gives them when the same journey is drawn by events: nodes first, then edges
  const link = (source: string, target: string, branch?: 'yes' | 'no') =>
    edges.push({ id: `e${steps + edges.length + 1}`, source, target, ...(branch ? { branch } : {}) });
  let last = add('trigger');
  while (nodes.length + 4 <= steps - 1) {
    const condition = add('condition');
    const sms = add('sms');
    const email = add('email');
    const delay = add('delay');
    link(last, condition);
    link(condition, sms, 'yes');
    link(condition, email, 'no');
    link(sms, delay);
    link(email, delay);
    last = delay;
  }
  while (nodes.length < steps - 1) {
    const delay = add('delay');
    link(last, delay);
    last = delay;
  }
  link(last, add('exit'));
  return { nodes, edges };
}

/** The machine alone: draw the journey by events, then 1,000 edits, 1,000 undos, 1,000 redos. */
function machineFigures(document: WorkflowDocument): Record<string, string | number> {
  const actor = createActor(workflowCanvasMachine, { input: { mode: 'create' } }).start();
  let started = performance.now();
  for (const node of document.nodes) actor.send({ type: 'node.add', kind: node.kind, position: node.position });
  for (const edge of document.edges)
    actor.send({
      type: 'edge.connect',
      source: edge.source,
      target: edge.target,
      ...(edge.branch ? { branch: edge.branch } : {}),
    });
  const drawMs = performance.now() - started;
  const drawn = actor.getSnapshot().context.document;
  if (drawn.nodes.length !== document.nodes.length || drawn.edges.length !== document.edges.length)
    throw new Error(`drawn ${drawn.nodes.length} steps, ${drawn.edges.length} connections: an edit was refused`);
  const moves: WorkflowCanvasEditEvent[] = Array.from({ length: EDITS }, (_, i) => ({
    type: 'node.move',
    id: `n${(i % document.nodes.length) + 1}`,
    position: { x: i * 3, y: i * 2 },
  }));
  started = performance.now();
  for (const move of moves) actor.send(move);
  const editMs = performance.now() - started;
  const edited = actor.getSnapshot().context.document;
  started = performance.now();
  for (let i = 0; i < EDITS; i++) actor.send({ type: 'history.undo' });
  const undoMs = performance.now() - started;
  const undone = actor.getSnapshot().context.document;
  started = performance.now();
  for (let i = 0; i < EDITS; i++) actor.send({ type: 'history.redo' });
  const redoMs = performance.now() - started;
  const redone = actor.getSnapshot().context.document;
  actor.stop();
  const us = (total: number) => `${Math.round((total * 1000) / EDITS)} µs`;
  return {
    'machine.load': load(),
    'machine.draw (every step and connection as an event)': `${Math.round(drawMs)} ms (${document.nodes.length + document.edges.length} edits)`,
    'machine.1,000 edits (step moves)': `${Math.round(editMs)} ms, ${us(editMs)} each`,
    'machine.1,000 undos': `${Math.round(undoMs)} ms, ${us(undoMs)} each`,
    'machine.1,000 redos': `${Math.round(redoMs)} ms, ${us(redoMs)} each`,
    'machine.undos back to the drawn journey, redos to the edited one':
      undone === drawn && redone === edited ? 'yes' : 'NO',
  };
}

/** elk on the journey in Node (elk.bundled, as bench/flows.ts): the layout's own cost without a worker. */
async function elkInNode(document: WorkflowDocument) {
  const elk = new ELK();
  let started = performance.now();
  await elk.layout(journeyToElkGraph(document));
  const coldMs = performance.now() - started;
  const warm: number[] = [];
  for (let run = 0; run < 5; run++) {
    started = performance.now();
    await elk.layout(journeyToElkGraph(document));
    warm.push(performance.now() - started);
  }
  return { coldMs, warmMs: median(warm) };
}

/**
 * Before the console loads: every Worker's `layout` message (elk-api's protocol: {id, cmd}) is timed from
 * its post to the answer with the same id, so the elk worker's round trip is known without the machine.
 */
const WORKER_TIMER = `
  globalThis.__name ??= (fn) => fn; // tsx keeps function names with a helper the functions sent to page.evaluate call
  window.__elkLayouts = [];
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      const sent = new Map();
      this.__sent = sent;
      this.addEventListener('message', (event) => {
        const id = event.data && event.data.id;
        if (sent.has(id)) { window.__elkLayouts.push(performance.now() - sent.get(id)); sent.delete(id); }
      });
    }
    postMessage(message, ...rest) {
      if (message && message.cmd === 'layout') this.__sent.set(message.id, performance.now());
      return super.postMessage(message, ...rest);
    }
  };
`;

type Win = Window & Record<string, unknown>;

/** rAF deltas while a step is dragged with the mouse for DRAG_MS. */
async function dragFigures(page: Page, stepId: string, tracePath: string | null) {
  const node = page.locator(`.react-flow__node[data-id="${stepId}"]`);
  const box = (await node.boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.evaluate(() => {
    const w = window as unknown as Win;
    const frames: number[] = [];
    const tasks: number[] = [];
    w.__frames = frames;
    w.__tasks = tasks;
    w.__recording = true;
    new PerformanceObserver((list) => {
      if (w.__recording) for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    const frame = (now: number) => {
      if (!w.__recording) return;
      frames.push(now);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  if (tracePath) await page.context().browser()!.startTracing(page, { path: tracePath, screenshots: false });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const started = performance.now();
  let moves = 0;
  // a loop around the start, one mouse event per round trip to the renderer (as fast as the page takes them)
  while (performance.now() - started < DRAG_MS) {
    const angle = (performance.now() - started) / 300;
    await page.mouse.move(from.x + 120 * Math.sin(angle), from.y + 80 * (1 - Math.cos(angle)));
    moves++;
  }
  await page.mouse.up();
  const dragMs = performance.now() - started;
  const { frames, tasks } = await page.evaluate(() => {
    const w = window as unknown as Win;
    w.__recording = false;
    return { frames: w.__frames as number[], tasks: w.__tasks as number[] };
  });
  if (tracePath) {
    await page.context().browser()!.stopTracing();
    for (const task of longTasksOf(tracePath, 30))
      console.log(
        `drag: long task +${task.durationMs} ms: ${task.parts.map(([name, ms]) => `${name} ${ms}`).join('; ')}\n  ` +
          task.functions.map(([name, ms]) => `${name} ${ms}`).join('\n  '),
      );
  }
  const deltas = frames.slice(1).map((at, i) => at - frames[i]);
  const sorted = [...deltas].sort((a, b) => a - b);
  const missed = deltas.reduce((sum, delta) => sum + Math.max(0, Math.round(delta / FRAME_MS) - 1), 0);
  return {
    'drag.load': load(),
    'drag.duration, mouse moves': `${Math.round(dragMs)} ms, ${moves} moves (${round1(dragMs / moves)} ms each)`,
    'drag.frames': deltas.length,
    'drag.frame time p50 / p95 / max': `${round1(quantile(sorted, 0.5))} / ${round1(quantile(sorted, 0.95))} / ${round1(sorted.at(-1) ?? 0)} ms`,
    'drag.frames over 20 ms (1.2 frames)': `${deltas.filter((d) => d > FRAME_MS * 1.2).length} of ${deltas.length}`,
    'drag.frames missed at 60 Hz (Σ round(Δ/16.7) − 1)': missed,
    'drag.long tasks (> 50 ms): count, longest': `${tasks.length}, ${Math.round(Math.max(0, ...tasks))} ms`,
  };
}

/** Tidy up: from the click to the frame the steps' new positions are on screen, and elk's round trip. */
async function tidyFigures(page: Page, document: WorkflowDocument) {
  await page.evaluate(() => {
    const w = window as unknown as Win;
    const signature = () =>
      [...globalThis.document.querySelectorAll<HTMLElement>('.react-flow__node')].map((n) => n.style.transform).join();
    const before = signature();
    w.__tidyDone = 0;
    w.__elkLayouts = [];
    const button = [...globalThis.document.querySelectorAll('button')].find((b) => b.textContent === 'Tidy up')!;
    button.addEventListener('click', (event) => (w.__tidyClick = event.timeStamp), { once: true, capture: true });
    const watch = (now: number) => {
      if (signature() !== before) w.__tidyDone = now;
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.getByRole('button', { name: 'Tidy up', exact: true }).click();
  await page.waitForFunction(() => (window as unknown as Win).__tidyDone, undefined, { timeout: 120_000 });
  const { click, done, layouts } = await page.evaluate(() => {
    const w = window as unknown as Win;
    return { click: w.__tidyClick as number, done: w.__tidyDone as number, layouts: w.__elkLayouts as number[] };
  });
  const node = await elkInNode(document);
  return {
    'tidy.load': load(),
    'tidy.click to the new positions on screen': `${Math.round(done - click)} ms`,
    'tidy.elk worker round trip (layout message to answer)': layouts.length
      ? `${Math.round(layouts[0])} ms`
      : 'not seen',
    'tidy.elk in Node, same graph: first / warm median': `${Math.round(node.coldMs)} / ${Math.round(node.warmMs)} ms`,
  };
}

/** PAGE_EDITS edits in the step panel (a delay's Wait), then as many Ctrl+Z and Ctrl+Shift+Z. */
async function pageHistoryFigures(page: Page, stepId: string) {
  // the step may be off screen after Tidy up: React Flow's own click handler selects it
  await page.locator(`.react-flow__node[data-id="${stepId}"]`).dispatchEvent('click');
  const wait = page.getByLabel('Wait', { exact: true });
  await wait.waitFor();
  const original = await wait.inputValue();
  const field = (await wait.elementHandle())!;
  const valueIs = (value: string) =>
    page.waitForFunction(([input, text]) => (input as HTMLInputElement).value === text, [field, value] as const);
  const last = String(PAGE_EDITS + 1);
  let started = performance.now();
  // the field itself, not the label looked up again for every fill (a query of the whole page)
  for (let i = 0; i < PAGE_EDITS; i++) await field.fill(String(i + 2));
  await page.waitForFunction(
    ([id, text]) =>
      globalThis.document.querySelector(`.react-flow__node[data-id="${id}"]`)?.textContent?.includes(text) ?? false,
    [stepId, `Wait ${last} days`] as const,
  );
  const editMs = performance.now() - started;
  // the shortcuts are the canvas's, not a field's
  await page.evaluate(() => (globalThis.document.activeElement as HTMLElement | null)?.blur());
  started = performance.now();
  for (let i = 0; i < PAGE_EDITS; i++) await page.keyboard.press('Control+z');
  await valueIs(original);
  const undoMs = performance.now() - started;
  started = performance.now();
  for (let i = 0; i < PAGE_EDITS; i++) await page.keyboard.press('Control+Shift+Z');
  await valueIs(last);
  const redoMs = performance.now() - started;
  const per = (total: number) => `${Math.round(total)} ms, ${round1(total / PAGE_EDITS)} ms each`;
  return {
    'page.load': load(),
    [`page.${PAGE_EDITS} edits (Wait field, one fill each)`]: per(editMs),
    [`page.${PAGE_EDITS} undos (Ctrl+Z) back to Wait ${original}`]: per(undoMs),
    [`page.${PAGE_EDITS} redos (Ctrl+Shift+Z) to Wait ${last}`]: per(redoMs),
  };
}

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/signin`);
  await page.getByLabel(/^E-mail$/).fill('demo@herald.local');
  await page.getByLabel(/^Password$/).fill('herald-demo-1');
  await page.getByRole('button', { name: /^Sign in$/ }).click();
  await page.waitForURL(/\/dashboard$/);
}

export async function benchCanvas(): Promise<Record<string, string | number>> {
  const document = journeyOf(STEPS);
  const broken = invariantIssues(document);
  if (broken.length) throw new Error(`the bench journey breaks ${broken[0].code}`);
  const figures: Record<string, string | number> = {
    steps: `${document.nodes.length} steps, ${document.edges.length} connections`,
    ...machineFigures(document),
  };
  mkdirSync(OUT, { recursive: true });
  const distDir = consoleBuild();
  const port = await freePort(8197);
  const dataDir = path.join(OUT, `data-canvas-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = startServer({ port, dataDir, distDir });
  const browser = await chromium.launch(existsSync(CHROMIUM) ? { executablePath: CHROMIUM, args: CHROMIUM_ARGS } : {});
  try {
    await waitForApi(server, performance.now());
    const token = await signInDemo(server.base);
    const saved = await callApi(
      server.base,
      { Action: 'SaveSEQ2Workflow', Name: `Bench ${STEPS} steps`, Document: document },
      token,
    );
    if (saved.RetCode !== 0) throw new Error(`SaveSEQ2Workflow: ${saved.RetCode} ${saved.Message}`);
    const page = await browser.newPage({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await page.addInitScript(WORKER_TIMER);
    await signIn(page, server.base);
    const started = performance.now();
    await page.goto(`${server.base}/mkthub/editworkflow/${String(saved.Data.SeqId)}`);
    await page
      .locator('.react-flow__node')
      .nth(STEPS - 1)
      .waitFor({ timeout: 120_000 });
    await page.waitForFunction(() => globalThis.document.querySelectorAll('.react-flow__edge').length > 0);
    figures['open.load'] = load();
    figures['open.navigation to every step drawn'] = `${Math.round(performance.now() - started)} ms`;
    await page.waitForTimeout(500);
    // a step near the middle of the journey
    const middle = `n${Math.floor(STEPS / 2)}`;
    Object.assign(figures, await dragFigures(page, middle, TRACE ? path.join(OUT, 'canvas-drag-trace.json') : null));
    Object.assign(figures, await tidyFigures(page, document));
    const delay = document.nodes.find((node, i) => node.kind === 'delay' && i > STEPS / 3)!.id;
    if (PAGE_EDITS > 0) Object.assign(figures, await pageHistoryFigures(page, delay));
  } catch (error) {
    figures['canvas.error'] = String(error).split('\n')[0];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [key, value] of Object.entries(await benchCanvas())) console.log(`${key.padEnd(64)} ${value}`);
  process.exit(0);
}
