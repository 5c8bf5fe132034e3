import type {
  ConditionRule,
  DelayConfig,
  WindowConfig,
  WorkflowDocument,
  WorkflowEdge,
  WorkflowNode,
} from './document';

// What a draft changes against the running version of a started workflow (issue 14 item 1, "a diff of
// the draft against the running version, node by node"). Steps are matched by id: ids are never reused
// (the canvas's counter), so a step deleted and drawn again is one removed and one added. Edges are
// matched by what they join (source, branch, target), not by id: a connection cut and made again is no
// change. The view words each change (the step's name and short config, the setting before and after).

type Position = { x: number; y: number };

/** One setting of a step that differs, with its value before (running) and after (draft). */
export type SettingChange =
  | { setting: 'source'; before: string; after: string }
  | { setting: 'audience'; before: string; after: string }
  | { setting: 'attribute'; before: string; after: string }
  | { setting: 'event'; before: string; after: string }
  | { setting: 'rules'; before: ConditionRule[]; after: ConditionRule[] }
  | { setting: 'template'; before: string; after: string }
  | { setting: 'delay'; before: DelayConfig; after: DelayConfig }
  | { setting: 'window'; before: WindowConfig; after: WindowConfig };

export type StepChange =
  | { change: 'added'; node: WorkflowNode }
  | { change: 'removed'; node: WorkflowNode }
  | { change: 'configured'; before: WorkflowNode; node: WorkflowNode; settings: SettingChange[] }
  | { change: 'moved'; node: WorkflowNode; from: Position };

export interface EdgeChange {
  change: 'added' | 'removed';
  edge: WorkflowEdge;
}

export interface WorkflowDiff {
  steps: StepChange[];
  edges: EdgeChange[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The settings of one kind of step that differ between two configs of it. */
export function settingChanges(before: WorkflowNode, after: WorkflowNode): SettingChange[] {
  const changes: SettingChange[] = [];
  const text = <S extends 'source' | 'audience' | 'attribute' | 'event' | 'template'>(
    setting: S,
    a: string,
    b: string,
  ) => a !== b && changes.push({ setting, before: a, after: b } as SettingChange);
  if (before.kind === 'trigger' && after.kind === 'trigger') {
    text('source', before.config.source, after.config.source);
    text('audience', before.config.audienceId, after.config.audienceId);
    text('attribute', before.config.attribute, after.config.attribute);
    text('event', before.config.event, after.config.event);
  } else if (before.kind === 'condition' && after.kind === 'condition') {
    text('audience', before.config.audienceId, after.config.audienceId);
    if (!same(before.config.rules, after.config.rules))
      changes.push({ setting: 'rules', before: before.config.rules, after: after.config.rules });
  } else if (before.kind === 'delay' && after.kind === 'delay') {
    if (!same(before.config, after.config))
      changes.push({ setting: 'delay', before: before.config, after: after.config });
  } else if (before.kind === 'window' && after.kind === 'window') {
    if (!same(before.config, after.config))
      changes.push({ setting: 'window', before: before.config, after: after.config });
  } else if ('templateId' in before.config && 'templateId' in after.config) {
    text('template', before.config.templateId, after.config.templateId);
  }
  return changes;
}

const edgeKey = (edge: WorkflowEdge) => `${edge.source}>${edge.branch ?? ''}>${edge.target}`;

/** The draft against the running version: steps in the draft's order (removed ones last), then edges. */
export function diffWorkflow(running: WorkflowDocument, draft: WorkflowDocument): WorkflowDiff {
  const before = new Map(running.nodes.map((node) => [node.id, node]));
  const after = new Map(draft.nodes.map((node) => [node.id, node]));
  const steps: StepChange[] = [];
  for (const node of draft.nodes) {
    const old = before.get(node.id);
    if (!old || old.kind !== node.kind) {
      if (old) steps.push({ change: 'removed', node: old });
      steps.push({ change: 'added', node });
      continue;
    }
    const settings = settingChanges(old, node);
    if (settings.length) steps.push({ change: 'configured', before: old, node, settings });
    else if (!same(old.position, node.position)) steps.push({ change: 'moved', node, from: old.position });
  }
  for (const node of running.nodes) if (!after.has(node.id)) steps.push({ change: 'removed', node });

  const runningEdges = new Set(running.edges.map(edgeKey));
  const draftEdges = new Set(draft.edges.map(edgeKey));
  const edges: EdgeChange[] = [
    ...draft.edges
      .filter((edge) => !runningEdges.has(edgeKey(edge)))
      .map((edge) => ({ change: 'added' as const, edge })),
    ...running.edges
      .filter((edge) => !draftEdges.has(edgeKey(edge)))
      .map((edge) => ({ change: 'removed' as const, edge })),
  ];
  return { steps, edges };
}
