// Names what a Chromium trace's long main-thread tasks spent their time on (issue 22's profile):
// for each task over the threshold on the page's main thread, the events inside it by self time
// (script by function, layout, style, paint, garbage collection, a message's deserialisation, …).
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> & { type?: string; functionName?: string; url?: string } };
}

export interface LongTaskReport {
  startMs: number;
  durationMs: number;
  parts: [string, number][];
  /** Sampled script time by function (self), when the trace has the V8 profiler's category. */
  functions: [string, number][];
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The V8 profiler's samples on one thread: [time in µs, node id]. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return { nodes, samples };
  const id = (profile as unknown as { id: string }).id;
  let time = Number(profile.args?.data?.startTime ?? 0);
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || (chunk as unknown as { id: string }).id !== id) continue;
    const data = chunk.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      time += data.timeDeltas?.[i] ?? 0;
      samples.push([time, node]);
    });
  }
  return { nodes, samples };
}

function frameName(node: ProfileNode | undefined): string {
  if (!node) return '?';
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'}${url ? ` ${url.split('/').pop()}:${lineNumber + 1}` : ''}`;
}

/** A sample's leaf function with the nearest named callers, so "slice" says whose. */
function sampleName(nodes: Map<number, ProfileNode>, id: number): string {
  const names: string[] = [];
  for (let node = nodes.get(id); node && names.length < 3; node = nodes.get(node.parent ?? -1))
    if (node.callFrame.url || names.length === 0) names.push(frameName(node));
  return names.join(' < ');
}

function label(event: TraceEvent): string {
  const data = event.args?.data;
  if (event.name === 'EventDispatch' && data?.type) return `EventDispatch ${data.type}`;
  if (event.name === 'FunctionCall' && (data?.functionName || data?.url))
    return `FunctionCall ${data.functionName || '(anonymous)'} ${String(data.url ?? '')
      .split('/')
      .pop()}:${String(data.lineNumber ?? '')}`;
  if (event.name === 'TimerFire' || event.name === 'FireAnimationFrame') return event.name;
  return event.name;
}

/** Long tasks (over `thresholdMs`) of the renderer's main thread, from `sinceUs` on, with their parts. */
export function longTasksOf(tracePath: string, thresholdMs = 50, sinceUs = 0): LongTaskReport[] {
  const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= sinceUs)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! > thresholdMs * 1000);
  const first = onMain[0]?.ts ?? 0;
  const { nodes, samples } = samplesOf(events, main.pid, main.tid);
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
    // self time: an event's duration less that of the events directly inside it
    const self = new Map<TraceEvent, number>(inside.map((e) => [e, e.dur!]));
    const stack: TraceEvent[] = [];
    for (const event of inside) {
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent, self.get(parent)! - event.dur!);
      stack.push(event);
    }
    const byLabel = new Map<string, number>();
    for (const [event, us] of self) byLabel.set(label(event), (byLabel.get(label(event)) ?? 0) + us);
    const covered = [...self.values()].reduce((a, b) => a + b, 0);
    byLabel.set('(task itself)', task.dur! - covered);
    const parts = [...byLabel]
      .filter(([, us]) => us >= 2000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, us]) => [name, Math.round(us / 1000)] as [string, number]);
    const byFunction = new Map<string, number>();
    for (let i = 1; i < samples.length; i++) {
      const [at, node] = samples[i];
      if (at < task.ts || at > end) continue;
      const name = sampleName(nodes, node);
      byFunction.set(name, (byFunction.get(name) ?? 0) + (at - samples[i - 1][0]));
    }
    const functions = [...byFunction]
      .filter(([, us]) => us >= 2000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name, us]) => [name, Math.round(us / 1000)] as [string, number]);
    return {
      startMs: Math.round((task.ts - first) / 1000),
      durationMs: Math.round(task.dur! / 1000),
      parts,
      functions,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const task of longTasksOf(process.argv[2], Number(process.argv[3] ?? 50)))
    console.log(
      `${task.startMs} ms +${task.durationMs} ms: ${task.parts.map(([n, ms]) => `${n} ${ms}`).join('; ')}\n  ` +
        task.functions.map(([n, ms]) => `${n} ${ms}`).join('\n  '),
    );
}
