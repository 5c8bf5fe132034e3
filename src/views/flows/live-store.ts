import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  INSPECTION_CHANNEL,
  TAB_ORIGIN,
  recentInspections,
  runningActors,
  subscribeInspection,
  type InspectionControl,
  type InspectionRecord,
} from '../../statecharts/inspection-bus';

/**
 * The inspector's view of every machine actor the console runs: this tab's from the inspection bus,
 * other tabs' from the BroadcastChannel (an opening inspector says hello, and every tab answers with
 * its running actors). Memory is bounded: at most MAX_ACTORS actors and MAX_LOG entries each.
 */
export interface LogEntry {
  at: number;
  kind: 'event' | 'snapshot';
  type: string;
  payload?: unknown;
  value?: unknown;
}

export interface TakenTransition {
  source: string;
  event: string;
  targets: string[];
}

export interface LiveActor {
  key: string;
  origin: string;
  local: boolean;
  sessionId: string;
  actorId: string;
  machineId: string;
  page?: string;
  value: unknown;
  status?: string;
  /** the microsteps of the latest macrostep: "the transition just taken" */
  lastTransitions: TakenTransition[];
  lastTransitionAt: number;
  log: LogEntry[];
  updatedAt: number;
  closed: boolean;
}

export const MAX_ACTORS = 200;
export const MAX_LOG = 200;
/** Microsteps closer than this to the previous one belong to the same macrostep. */
const MACROSTEP_GAP_MS = 40;

type Listener = () => void;

export class LiveStore {
  private actors = new Map<string, LiveActor>();
  private listeners = new Set<Listener>();
  private list: LiveActor[] = [];

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.list;

  private changed() {
    this.list = [...this.actors.values()].sort(
      (a, b) => Number(a.closed) - Number(b.closed) || b.updatedAt - a.updatedAt,
    );
    for (const listener of this.listeners) listener();
  }

  private upsert(record: InspectionRecord): LiveActor {
    const origin = record.origin ?? TAB_ORIGIN;
    const key = `${origin}:${record.sessionId}`;
    let actor = this.actors.get(key);
    if (!actor) {
      actor = {
        key,
        origin,
        local: origin === TAB_ORIGIN,
        sessionId: record.sessionId,
        actorId: record.actorId,
        machineId: record.machineId ?? '',
        value: undefined,
        lastTransitions: [],
        lastTransitionAt: 0,
        log: [],
        updatedAt: record.at,
        closed: false,
      };
      this.actors.set(key, actor);
      this.prune();
    }
    return actor;
  }

  private prune() {
    if (this.actors.size <= MAX_ACTORS) return;
    const oldest = [...this.actors.values()].sort(
      (a, b) => Number(b.closed) - Number(a.closed) || a.updatedAt - b.updatedAt,
    )[0];
    this.actors.delete(oldest.key);
  }

  /**
   * Only a running actor is listed (issue 18 §3): it arrives with its 'actor' record (or, from a tab
   * that answers a hello, with an active snapshot), and leaves with a snapshot that is no longer active
   * (stopped, done, failed). Records of an actor not listed are not enough to list it.
   */
  ingest(record: InspectionRecord): void {
    if (!record.machineId) return;
    const key = `${record.origin ?? TAB_ORIGIN}:${record.sessionId}`;
    if (record.kind === 'snapshot' && record.status !== 'active') {
      if (this.actors.delete(key)) this.changed();
      return;
    }
    const starts = record.kind === 'actor' || record.kind === 'snapshot';
    if (!starts && !this.actors.has(key)) return;
    const current = this.upsert(record);
    const actor: LiveActor = {
      ...current,
      updatedAt: Math.max(current.updatedAt, record.at),
      page: record.page ?? current.page,
      closed: false,
    };
    switch (record.kind) {
      case 'snapshot':
        actor.value = record.value;
        actor.status = record.status;
        break;
      case 'event': {
        const event = record.event as { type?: string } | undefined;
        actor.log = [
          ...actor.log,
          { at: record.at, kind: 'event' as const, type: event?.type ?? '', payload: record.event },
        ].slice(-MAX_LOG);
        break;
      }
      case 'transition': {
        const steps = record.transitions ?? [];
        const sameMacrostep = record.at - actor.lastTransitionAt <= MACROSTEP_GAP_MS;
        actor.lastTransitions = sameMacrostep ? [...actor.lastTransitions, ...steps] : steps;
        actor.lastTransitionAt = record.at;
        break;
      }
    }
    this.actors.set(actor.key, actor);
    this.changed();
  }

  /** A closed tab's actors stay in view with their last state, marked "tab closed" and not counted as running. */
  closeOrigin(origin: string): void {
    let any = false;
    for (const actor of this.actors.values()) {
      if (actor.origin === origin && !actor.closed) {
        this.actors.set(actor.key, { ...actor, closed: true });
        any = true;
      }
    }
    if (any) this.changed();
  }

  /** Starts listening; returns the stop function. */
  start(): () => void {
    for (const running of runningActors()) {
      this.ingest(running.record);
      this.ingest({ ...running.record, kind: 'snapshot', value: running.value, status: running.status });
    }
    const known = new Set(this.actors.keys());
    for (const record of recentInspections())
      if (known.has(`${record.origin ?? TAB_ORIGIN}:${record.sessionId}`) && record.kind !== 'snapshot')
        this.ingest(record);
    const unsubscribe = subscribeInspection((record) => this.ingest(record));
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(INSPECTION_CHANNEL);
    if (channel) {
      channel.onmessage = (message: MessageEvent<InspectionRecord | InspectionControl>) => {
        const data = message.data;
        if (!data || typeof data !== 'object') return;
        if ('control' in data) {
          if (data.control === 'bye' && data.origin !== TAB_ORIGIN) this.closeOrigin(data.origin);
          return;
        }
        // This tab's own records arrive through the bus directly.
        if (data.origin && data.origin !== TAB_ORIGIN) this.ingest(data);
      };
      channel.postMessage({ control: 'hello' } satisfies InspectionControl);
    }
    return () => {
      unsubscribe();
      channel?.close();
    };
  }
}

let shared: { store: LiveStore; users: number; stop: () => void } | null = null;

/** One store for the inspector's pages while any of them is open. */
export function acquireLiveStore(): { store: LiveStore; release: () => void } {
  if (!shared) {
    const store = new LiveStore();
    shared = { store, users: 0, stop: store.start() };
  }
  shared.users += 1;
  const current = shared;
  return {
    store: current.store,
    release: () => {
      current.users -= 1;
      if (current.users === 0 && shared === current) {
        current.stop();
        shared = null;
      }
    },
  };
}

const emptyStore = new LiveStore();

export function useLiveActors(store: LiveStore | null): LiveActor[] {
  const source = store ?? emptyStore;
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}

/** The shared live store while the calling component is mounted. */
export function useLiveStore(): LiveStore | null {
  const [store, setStore] = useState<LiveStore | null>(null);
  useEffect(() => {
    const acquired = acquireLiveStore();
    setStore(acquired.store);
    return acquired.release;
  }, []);
  return store;
}
