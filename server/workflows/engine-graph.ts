import type {
  Branch,
  DelayConfig,
  WindowConfig,
  WorkflowDocument,
  WorkflowNode,
} from '../../src/gateway/contract/workflow/document';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../clock';
import { zoneOffsetMinutes } from '../sms/time-zones';

// Reading a frozen workflow version as the journey engine walks it (docs/decisions.md "Journey engine"):
// where a run starts, where a step leads, how long a delay waits and when a send window opens.

export function nodeOf(document: WorkflowDocument, nodeId: string): WorkflowNode | undefined {
  return document.nodes.find((node) => node.id === nodeId);
}

/** The trigger: where every run starts. */
export function entryNodeId(document: WorkflowDocument): string | null {
  return document.nodes.find((node) => node.kind === 'trigger')?.id ?? null;
}

/** The node a step leads to by its (only, or chosen) branch; null ends the run. */
export function nextNodeId(document: WorkflowDocument, nodeId: string, branch?: Branch): string | null {
  return document.edges.find((edge) => edge.source === nodeId && edge.branch === branch)?.target ?? null;
}

const UNIT_MS: Record<DelayConfig['unit'], number> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS };

export const delayMs = (config: DelayConfig) => Math.max(0, config.amount) * UNIT_MS[config.unit];

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The first instant at or after `now` inside the daily window (start to end inclusive, local time of
 * `zone`): now when inside, else the window's next start.
 */
export function windowOpensAt(now: Date, window: WindowConfig, zone: string): Date {
  const offset = zoneOffsetMinutes(zone, now);
  const localMs = now.getTime() + offset * MINUTE_MS;
  const minuteOfDay = Math.floor((localMs % DAY_MS) / MINUTE_MS);
  const start = minutesOf(window.start);
  if (minuteOfDay >= start && minuteOfDay <= minutesOf(window.end)) return now;
  const dayStart = localMs - (localMs % DAY_MS);
  const startLocal = dayStart + start * MINUTE_MS + (minuteOfDay > start ? DAY_MS : 0);
  return new Date(startLocal - offset * MINUTE_MS);
}
