import type { AnyStateMachine } from 'xstate';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import {
  describeMachine,
  ENGLISH_WORDS,
  transitionLabel,
  type LabelWords,
  type StateType,
  type TransitionInfo,
} from '../../statecharts/statechart';

/**
 * Machine -> graph, no React: every state is a node (compound and parallel states are parents of their
 * children), every transition an edge per target (a targetless one loops on its source), plus an
 * initial marker per compound state. Sizes are estimated here so the layout can run in a worker
 * without a DOM; toElkGraph/applyLayout translate to and from elkjs.
 */
export interface GraphNode {
  id: string;
  parentId: string | null;
  kind: 'state' | 'initial';
  type: StateType | 'initial';
  label: string;
  isInitial: boolean;
  isFinal: boolean;
  /** shallow or deep, for history states */
  history?: 'shallow' | 'deep';
  /** lines under the title: invoked actors, entry and exit actions */
  details: { kind: 'invoke' | 'entry' | 'exit'; text: string }[];
  hasChildren: boolean;
  width: number;
  height: number;
}

export interface GraphEdge {
  id: string;
  transitionId: string | null;
  source: string;
  target: string;
  kind: TransitionInfo['kind'] | 'initial' | 'history';
  eventType: string;
  label: string;
  guard?: string;
  actions: string[];
  /** targetless: the state stays, only actions run */
  internal: boolean;
  labelWidth: number;
  labelHeight: number;
}

export interface MachineGraph {
  machineId: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export const HEADER_HEIGHT = 30;
export const LINE_HEIGHT = 16;
const CHAR_WIDTH = 7.2;
const WIDE_CHAR_WIDTH = 13;
const PADDING_X = 24;
const INITIAL_SIZE = 14;

/** A text's width at the inspector's 12 px font, CJK counted wide. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += char.charCodeAt(0) > 0x2e80 ? WIDE_CHAR_WIDTH : CHAR_WIDTH;
  return Math.ceil(width);
}

const detailText = (detail: GraphNode['details'][number]) => `${detail.kind} / ${detail.text}`;

export function machineToGraph(machine: AnyStateMachine, words: LabelWords = ENGLISH_WORDS): MachineGraph {
  const structure = describeMachine(machine);
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const hasChildren = new Set(structure.states.map((state) => state.parentId).filter(Boolean));

  for (const state of structure.states) {
    const details: GraphNode['details'] = [
      ...state.invokes.map((invoke) => ({
        kind: 'invoke' as const,
        text: invoke.src === invoke.id ? invoke.id : `${invoke.src} (${invoke.id})`,
      })),
      ...state.entry.map((text) => ({ kind: 'entry' as const, text })),
      ...state.exit.map((text) => ({ kind: 'exit' as const, text })),
    ];
    const label = state.type === 'history' ? (state.history === 'deep' ? 'H*' : 'H') : state.key;
    const width = Math.max(
      state.type === 'history' ? 36 : 64,
      textWidth(state.key) + PADDING_X + (state.isInitial ? 0 : 0),
      ...details.map((d) => textWidth(detailText(d)) + PADDING_X),
    );
    nodes.push({
      id: state.id,
      parentId: state.parentId,
      kind: 'state',
      type: state.type,
      label,
      isInitial: state.isInitial,
      isFinal: state.type === 'final',
      history: state.history,
      details,
      hasChildren: hasChildren.has(state.id),
      width,
      height: state.type === 'history' ? 36 : HEADER_HEIGHT + details.length * LINE_HEIGHT + (details.length ? 6 : 0),
    });
    if (state.type === 'history') {
      for (const target of state.historyTargetIds)
        edges.push(markerEdge(`${state.id}|history`, state.id, target, 'history'));
    }
  }

  // The machine's own initial state, then each compound state's, drawn as a dot with an arrow.
  const initialOf = [
    {
      parentId: null as string | null,
      initialId: (machine.root.initial?.target?.[0]?.id as string | undefined) ?? undefined,
    },
    ...structure.states
      .filter((state) => state.type === 'compound')
      .map((state) => ({ parentId: state.id as string | null, initialId: state.initialId })),
  ];
  for (const { parentId, initialId } of initialOf) {
    if (!initialId || (machine.root.type === 'parallel' && parentId === null)) continue;
    const id = `${parentId ?? structure.machineId}|initial`;
    nodes.push({
      id,
      parentId,
      kind: 'initial',
      type: 'initial',
      label: '',
      isInitial: false,
      isFinal: false,
      details: [],
      hasChildren: false,
      width: INITIAL_SIZE,
      height: INITIAL_SIZE,
    });
    edges.push(markerEdge(id, id, initialId, 'initial'));
  }

  for (const transition of structure.transitions) {
    const label = transitionLabel(transition, words);
    const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
    for (const target of targets) {
      edges.push({
        id: `${transition.id}>${target}`,
        transitionId: transition.id,
        source: transition.sourceId,
        target,
        kind: transition.kind,
        eventType: transition.eventType,
        label,
        guard: transition.guard,
        actions: transition.actions,
        internal: transition.targetIds.length === 0,
        labelWidth: textWidth(label) + 8,
        labelHeight: LINE_HEIGHT + 2,
      });
    }
  }
  return { machineId: structure.machineId, nodes: orderParentsFirst(nodes), edges };
}

function markerEdge(id: string, source: string, target: string, kind: 'initial' | 'history'): GraphEdge {
  return {
    id,
    transitionId: null,
    source,
    target,
    kind,
    eventType: '',
    label: '',
    actions: [],
    internal: false,
    labelWidth: 0,
    labelHeight: 0,
  };
}

/** React Flow needs every parent before its children. */
function orderParentsFirst(nodes: GraphNode[]): GraphNode[] {
  const byParent = new Map<string | null, GraphNode[]>();
  for (const node of nodes) byParent.set(node.parentId, [...(byParent.get(node.parentId) ?? []), node]);
  const ordered: GraphNode[] = [];
  const add = (parentId: string | null) => {
    for (const node of byParent.get(parentId) ?? []) {
      ordered.push(node);
      add(node.id);
    }
  };
  add(null);
  return ordered;
}

export const ELK_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.nodeNode': '36',
  'elk.spacing.edgeLabel': '4',
  'elk.edgeLabels.inline': 'false',
  'elk.layered.edgeLabels.sideSelection': 'ALWAYS_UP',
  'elk.json.edgeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  // Fewer crossing-minimisation passes than the default 7: the largest machine lays out well under
  // 300 ms with hardly a visible difference.
  'elk.layered.thoroughness': '3',
};

/** The ELK input: nested children, every edge at the root (with hierarchy handling ELK routes them). */
export function toElkGraph(graph: MachineGraph): ElkNode {
  const elkNodes = new Map<string, ElkNode>();
  const root: ElkNode = { id: `${graph.machineId}|root`, layoutOptions: ELK_OPTIONS, children: [], edges: [] };
  for (const node of graph.nodes) {
    const detailsHeight = node.details.length * LINE_HEIGHT + (node.details.length ? 6 : 0);
    const elkNode: ElkNode = node.hasChildren
      ? {
          id: node.id,
          children: [],
          layoutOptions: {
            'elk.padding': `[top=${HEADER_HEIGHT + detailsHeight + 8},left=16,bottom=16,right=16]`,
            'elk.nodeSize.constraints': 'MINIMUM_SIZE',
            'elk.nodeSize.minimum': `(${node.width + 16}, ${node.height + 24})`,
            ...(node.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
          },
        }
      : { id: node.id, width: node.width, height: node.height };
    elkNodes.set(node.id, elkNode);
    const parent = node.parentId ? elkNodes.get(node.parentId) : root;
    (parent ?? root).children!.push(elkNode);
  }
  root.edges = graph.edges.map((edge): ElkExtendedEdge => ({
    id: edge.id,
    sources: [edge.source],
    targets: [edge.target],
    labels: edge.label
      ? [{ id: `${edge.id}|label`, text: edge.label, width: edge.labelWidth, height: edge.labelHeight }]
      : [],
  }));
  return root;
}

export interface Point {
  x: number;
  y: number;
}

export interface LaidOutNode extends GraphNode {
  /** relative to the parent (React Flow's convention) */
  x: number;
  y: number;
  /** absolute, for SVG export */
  absX: number;
  absY: number;
}

export interface LaidOutEdge extends GraphEdge {
  points: Point[];
  labelPosition?: Point;
}

export interface LaidOutGraph {
  machineId: string;
  width: number;
  height: number;
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

/** Read ELK's result back onto the graph: node positions relative to parents, edge routes absolute. */
export function applyLayout(graph: MachineGraph, layout: ElkNode): LaidOutGraph {
  const boxes = new Map<string, { x: number; y: number; absX: number; absY: number; width: number; height: number }>();
  const walk = (node: ElkNode, offsetX: number, offsetY: number) => {
    for (const child of node.children ?? []) {
      const x = child.x ?? 0;
      const y = child.y ?? 0;
      boxes.set(child.id, {
        x,
        y,
        absX: offsetX + x,
        absY: offsetY + y,
        width: child.width ?? 0,
        height: child.height ?? 0,
      });
      walk(child, offsetX + x, offsetY + y);
    }
  };
  walk(layout, 0, 0);
  const elkEdges = new Map<string, ElkExtendedEdge>();
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) elkEdges.set(edge.id, edge);
    for (const child of node.children ?? []) collect(child);
  };
  collect(layout);

  const nodes = graph.nodes.map((node): LaidOutNode => {
    const box = boxes.get(node.id) ?? { x: 0, y: 0, absX: 0, absY: 0, width: node.width, height: node.height };
    return { ...node, ...box };
  });
  const edges = graph.edges.map((edge): LaidOutEdge => {
    const elkEdge = elkEdges.get(edge.id);
    const points = (elkEdge?.sections ?? []).flatMap((section) => [
      section.startPoint,
      ...(section.bendPoints ?? []),
      section.endPoint,
    ]);
    const label = elkEdge?.labels?.[0];
    return {
      ...edge,
      points,
      labelPosition: label && label.x !== undefined && label.y !== undefined ? { x: label.x, y: label.y } : undefined,
    };
  });
  return { machineId: graph.machineId, width: layout.width ?? 0, height: layout.height ?? 0, nodes, edges };
}
