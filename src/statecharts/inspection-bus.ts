import type { InspectionEvent } from 'xstate';

/**
 * Every actor the console runs is created with `inspect: inspectActor`. Each inspection record is kept
 * for the flows inspector in this tab and posted on a BroadcastChannel so an inspector in another tab
 * sees it too. Secrets never leave: token, password and code fields are redacted first.
 */
export interface InspectionRecord {
  kind: 'actor' | 'event' | 'snapshot' | 'transition';
  at: number;
  /** the tab the actor runs in (sessionIds repeat from tab to tab) */
  origin?: string;
  /** that tab's path, so the inspector can say which page an actor belongs to */
  page?: string;
  actorId: string;
  sessionId: string;
  machineId?: string;
  event?: unknown;
  value?: unknown;
  status?: string;
  /** the transitions just taken (source state path -> targets) */
  transitions?: { source: string; event: string; targets: string[] }[];
}

export const INSPECTION_CHANNEL = 'herald-flows';
/** Control messages on the channel: an inspector asks every tab for its actors; a closing tab says bye. */
export type InspectionControl = { control: 'hello' } | { control: 'bye'; origin: string };
export const TAB_ORIGIN = Math.random().toString(36).slice(2, 10);
const SECRET_FIELD = /token|password|secret|code|key|authorization/i;
/**
 * Longer strings are cut: a pasted list of 100,000 numbers (1.3 MB) rides in events and results, and
 * cloning it onto the channel three times per event held the page for 100-200 ms (issue 22).
 */
const INSPECTED_STRING_CHARS = 200;

/** Redacts secrets, and bounds what is kept and posted: depth, arrays, long strings. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (typeof value === 'string' && value.length > INSPECTED_STRING_CHARS)
    return `${value.slice(0, INSPECTED_STRING_CHARS)}… (${value.length.toLocaleString('en-US')} characters)`;
  if (typeof value === 'function') return undefined;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'function') continue;
      out[key] =
        SECRET_FIELD.test(key) && inner !== null && inner !== undefined && typeof inner !== 'object'
          ? '[redacted]'
          : redact(inner, depth + 1);
    }
    return out;
  }
  return value;
}

type Listener = (record: InspectionRecord) => void;
const listeners = new Set<Listener>();
const recent: InspectionRecord[] = [];
const RECENT_LIMIT = 2000;
let channel: BroadcastChannel | null = null;

interface LiveActor {
  ref: ActorLike;
  record: InspectionRecord;
}
/** The actor's own processing status (xstate's ProcessingStatus: 0 not started, 1 running, 2 stopped). */
type ActorLike = { getSnapshot: () => { status?: string; value?: unknown }; _processingStatus?: number };
const RUNNING = 1;

/**
 * An actor runs from its start to its stop. Created is not running: React may render a component and
 * throw the render away (a lazy page, a transition, StrictMode), leaving an actor that never starts; and
 * @xstate/react, when it stops a component's actor, puts the actor's last snapshot back (status
 * "active") so it can start again, so the snapshot's status alone cannot tell (issue 18 §3).
 */
function isRunning(ref: ActorLike): boolean {
  return ref._processingStatus === RUNNING && ref.getSnapshot().status === 'active';
}

/** The machine actors running in this tab, to answer an inspector that opens later (bounded). */
const liveActors = new Map<string, LiveActor>();
const LIVE_LIMIT = 100;

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(INSPECTION_CHANNEL);
    channel.onmessage = (message: MessageEvent<InspectionControl>) => {
      if (message.data && 'control' in message.data && message.data.control === 'hello') announceActors();
    };
    if (typeof addEventListener === 'function')
      addEventListener('pagehide', () =>
        channel?.postMessage({ control: 'bye', origin: TAB_ORIGIN } satisfies InspectionControl),
      );
  }
  return channel;
}

function broadcast(record: InspectionRecord) {
  try {
    openChannel()?.postMessage(record);
  } catch {
    // a value that cannot be cloned is not worth breaking the console for
  }
}

/** Re-sends every running actor with its current state value. */
export function announceActors(): void {
  for (const [sessionId, live] of liveActors) {
    if (!isRunning(live.ref)) {
      liveActors.delete(sessionId);
      continue;
    }
    const snapshot = live.ref.getSnapshot();
    const now = { at: Date.now(), page: typeof location === 'undefined' ? undefined : location.pathname };
    broadcast({ ...live.record, ...now });
    broadcast({ ...live.record, ...now, kind: 'snapshot', value: snapshot.value, status: snapshot.status });
  }
}

/** Machine actors of this tab that are still running. */
export function runningActors(): { record: InspectionRecord; value?: unknown; status?: string }[] {
  for (const [sessionId, live] of liveActors) if (!isRunning(live.ref)) liveActors.delete(sessionId);
  return [...liveActors.values()].map((live) => ({ record: live.record, ...live.ref.getSnapshot() }));
}

export function publishInspection(record: InspectionRecord, { remote = false } = {}) {
  recent.push(record);
  if (recent.length > RECENT_LIMIT) recent.splice(0, recent.length - RECENT_LIMIT);
  for (const listener of listeners) listener(record);
  if (!remote) broadcast(record);
}

export function subscribeInspection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function recentInspections(): readonly InspectionRecord[] {
  return recent;
}

function machineIdOf(actorRef: { logic?: unknown }): string | undefined {
  const logic = actorRef.logic as { id?: string; config?: unknown } | undefined;
  return logic && 'config' in logic ? logic.id : undefined;
}

/** Pass as `inspect` to createActor / useActorRef / createActorContext. */
export function inspectActor(inspection: InspectionEvent): void {
  const actorRef = inspection.actorRef as unknown as { id: string; sessionId: string; logic?: unknown };
  const machineId = machineIdOf(actorRef);
  if (!machineId) return;
  const base = {
    at: Date.now(),
    actorId: actorRef.id,
    sessionId: actorRef.sessionId,
    machineId,
    origin: TAB_ORIGIN,
    page: typeof location === 'undefined' ? undefined : location.pathname,
  };
  const ref = inspection.actorRef as unknown as ActorLike;
  switch (inspection.type) {
    case '@xstate.actor':
      // Created, not started: it is announced by its first snapshot, which start() emits.
      openChannel();
      break;
    case '@xstate.event':
      if (inspection.actorRef === inspection.sourceRef || ref._processingStatus !== RUNNING) break;
      publishInspection({ ...base, kind: 'event', event: redact(inspection.event) });
      break;
    case '@xstate.snapshot': {
      const snapshot = inspection.snapshot as { value?: unknown; status?: string };
      if (snapshot.status === 'active' && !liveActors.has(actorRef.sessionId)) {
        if (ref._processingStatus !== RUNNING) break;
        const record: InspectionRecord = { ...base, kind: 'actor' };
        liveActors.set(actorRef.sessionId, { ref, record });
        if (liveActors.size > LIVE_LIMIT) liveActors.delete(liveActors.keys().next().value!);
        publishInspection(record);
      }
      // A stopped, done or failed actor no longer runs: its last snapshot says so, then it is forgotten.
      if (snapshot.status !== 'active') liveActors.delete(actorRef.sessionId);
      publishInspection({
        ...base,
        kind: 'snapshot',
        value: snapshot.value,
        status: snapshot.status,
        event: redact(inspection.event),
      });
      break;
    }
    case '@xstate.microstep':
      if (!liveActors.has(actorRef.sessionId)) break;
      publishInspection({
        ...base,
        kind: 'transition',
        event: redact(inspection.event),
        transitions: inspection._transitions.map((t) => ({
          source: t.source.id,
          event: t.eventType,
          targets: (t.target ?? []).map((target) => target.id),
        })),
      });
      break;
  }
}
