import type { InspectionEvent } from 'xstate';

/**
 * Every actor the console runs is created with `inspect: inspectActor`. Each inspection record is kept
 * for the flows inspector in this tab and posted on a BroadcastChannel so an inspector in another tab
 * sees it too. Secrets never leave: token, password and code fields are redacted first.
 */
export interface InspectionRecord {
  kind: 'actor' | 'event' | 'snapshot' | 'transition';
  at: number;
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
const SECRET_FIELD = /token|password|secret|code|key|authorization/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (typeof value === 'function') return undefined;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'function') continue;
      out[key] = SECRET_FIELD.test(key) && inner !== null && inner !== undefined && typeof inner !== 'object' ? '[redacted]' : redact(inner, depth + 1);
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

function broadcast(record: InspectionRecord) {
  if (typeof BroadcastChannel === 'undefined') return;
  channel ??= new BroadcastChannel(INSPECTION_CHANNEL);
  try {
    channel.postMessage(record);
  } catch {
    // a value that cannot be cloned is not worth breaking the console for
  }
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
  const base = { at: Date.now(), actorId: actorRef.id, sessionId: actorRef.sessionId, machineId };
  switch (inspection.type) {
    case '@xstate.actor':
      publishInspection({ ...base, kind: 'actor' });
      break;
    case '@xstate.event':
      if (inspection.actorRef === inspection.sourceRef) break;
      publishInspection({ ...base, kind: 'event', event: redact(inspection.event) });
      break;
    case '@xstate.snapshot': {
      const snapshot = inspection.snapshot as { value?: unknown; status?: string };
      publishInspection({ ...base, kind: 'snapshot', value: snapshot.value, status: snapshot.status, event: redact(inspection.event) });
      break;
    }
    case '@xstate.microstep':
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
