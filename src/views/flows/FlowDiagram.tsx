import { memo, useEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Background,
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useFlowAriaLabels } from '../common/useFlowAriaLabels';
import type { LaidOutEdge, LaidOutGraph, LaidOutNode } from './machine-graph';

type StateNodeData = { node: LaidOutNode; active: boolean };
type TransitionEdgeData = { edge: LaidOutEdge; active: boolean };
type StateFlowNode = Node<StateNodeData>;
type TransitionFlowEdge = Edge<TransitionEdgeData>;

const hiddenHandle = '!h-px !w-px !min-w-0 !min-h-0 !border-0 !bg-transparent';

function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Top} className={hiddenHandle} isConnectable={false} />
      <Handle type="source" position={Position.Bottom} className={hiddenHandle} isConnectable={false} />
    </>
  );
}

function Details({ node }: { node: LaidOutNode }) {
  const { t } = useTranslation('flows');
  if (!node.details.length) return null;
  return (
    <ul className="mt-0.5 space-y-0 text-[11px] leading-4 text-slate-600">
      {node.details.map((detail, index) => (
        <li key={index} className="truncate">
          <span className="text-slate-400">{t(`node.${detail.kind}`)} /</span> {detail.text}
        </li>
      ))}
    </ul>
  );
}

const StateNode = memo(function StateNode({ data }: NodeProps<StateFlowNode>) {
  const { node, active } = data;
  const ring = active
    ? 'border-orange-500 bg-orange-50 shadow-[0_0_0_2px_rgba(249,115,22,0.35)]'
    : 'border-slate-400 bg-white';
  if (node.type === 'history') {
    return (
      <div
        data-state-id={node.id}
        data-active={active || undefined}
        className={`flex h-full w-full items-center justify-center rounded-full border-2 text-xs font-semibold ${ring}`}
      >
        <Handles />
        {node.label}
      </div>
    );
  }
  return (
    <div
      data-state-id={node.id}
      data-active={active || undefined}
      className={`h-full w-full rounded-lg border-2 px-3 py-1.5 text-xs ${ring} ${node.isFinal ? 'outline-2 outline-offset-[-6px] outline-slate-400' : ''}`}
    >
      <Handles />
      <div className="truncate font-semibold text-slate-900">{node.label}</div>
      <Details node={node} />
    </div>
  );
});

const ParentNode = memo(function ParentNode({ data }: NodeProps<StateFlowNode>) {
  const { node, active } = data;
  const border = node.type === 'parallel' ? 'border-dashed' : 'border-solid';
  const tone = active ? 'border-orange-500 bg-orange-50/40' : 'border-slate-400 bg-slate-50/60';
  return (
    <div
      data-state-id={node.id}
      data-active={active || undefined}
      className={`h-full w-full rounded-xl border-2 px-3 py-1.5 text-xs ${border} ${tone}`}
    >
      <Handles />
      <div className="truncate font-semibold text-slate-900">
        {node.label}
        {node.type === 'parallel' && <span className="ml-1 font-normal text-slate-500">∥</span>}
      </div>
      <Details node={node} />
    </div>
  );
});

const InitialNode = memo(function InitialNode({ data }: NodeProps<StateFlowNode>) {
  const { t } = useTranslation('flows');
  return (
    <div
      className="h-full w-full rounded-full bg-slate-900"
      title={t('node.initialMarker')}
      data-initial-of={data.node.parentId ?? ''}
    >
      <Handles />
    </div>
  );
});

const TransitionEdge = memo(function TransitionEdge({ id, data }: EdgeProps<TransitionFlowEdge>) {
  if (!data || data.edge.points.length < 2) return null;
  const { edge, active } = data;
  const path = edge.points.map((point, index) => `${index ? 'L' : 'M'}${point.x},${point.y}`).join(' ');
  const dash = edge.kind === 'always' ? '5 4' : edge.kind === 'after' ? '1.5 4' : undefined;
  const color = active ? '#ea580c' : '#475569';
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={active ? 'url(#flows-arrow-active)' : 'url(#flows-arrow)'}
        style={{ stroke: color, strokeWidth: active ? 2.5 : 1.25, strokeDasharray: dash }}
      />
      {edge.label && edge.labelPosition && (
        <EdgeLabelRenderer>
          <div
            className={`nodrag nopan pointer-events-auto absolute whitespace-nowrap rounded bg-white/90 px-1 text-[11px] leading-[18px] ${active ? 'font-semibold text-orange-700' : 'text-slate-800'}`}
            style={{ transform: `translate(${edge.labelPosition.x}px, ${edge.labelPosition.y}px)` }}
            title={edge.actions.length ? `${edge.label} / ${edge.actions.join(', ')}` : edge.label}
            data-edge-label={edge.id}
            data-active={active || undefined}
          >
            {edge.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

const nodeTypes = { stateNode: StateNode, parentNode: ParentNode, initialNode: InitialNode };
const edgeTypes = { transition: TransitionEdge };

function Markers() {
  return (
    <svg className="absolute h-0 w-0" aria-hidden>
      <defs>
        {[
          ['flows-arrow', '#475569'],
          ['flows-arrow-active', '#ea580c'],
        ].map(([markerId, fill]) => (
          <marker
            key={markerId}
            id={markerId}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={fill} />
          </marker>
        ))}
      </defs>
    </svg>
  );
}

export interface FlowDiagramProps {
  graph: LaidOutGraph;
  label: string;
  activeStateIds: ReadonlySet<string>;
  activeEdgeIds: ReadonlySet<string>;
}

/** Room kept free around the diagram, and on the right for the minimap (issue 18 §23). */
const EDGE_PX = 24;
const MINIMAP_PX = 232;
/** No smaller than this at opening: state names stay readable (11-14 px text at 0.75 is 8-10 px). */
const OPEN_MIN_ZOOM = 0.75;
const OPEN_MAX_ZOOM = 1.25;

/**
 * The opening view (issue 18 §23): the whole machine when it fits at a readable size, with the minimap's
 * corner left free; a larger one at the readable size from its top-left corner (the initial state),
 * never centred with its start cut off. Opened again when the panel changes size, until the user pans
 * or zooms.
 */
function OpeningView({ graph, moved }: { graph: LaidOutGraph; moved: RefObject<boolean> }) {
  const { setViewport } = useReactFlow();
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  useEffect(() => {
    moved.current = false;
  }, [graph, moved]);
  useEffect(() => {
    // Top-level states only: a child's position is relative to its parent, which contains it.
    const outer = graph.nodes.filter((n) => !n.parentId);
    if (moved.current || !width || !height || !outer.length) return;
    const left = Math.min(...outer.map((n) => n.x));
    const top = Math.min(...outer.map((n) => n.y));
    const right = Math.max(...outer.map((n) => n.x + n.width));
    const bottom = Math.max(...outer.map((n) => n.y + n.height));
    const room = { x: width - 2 * EDGE_PX - MINIMAP_PX, y: height - 2 * EDGE_PX };
    const fit = Math.min(room.x / (right - left), room.y / (bottom - top));
    const zoom = Math.min(OPEN_MAX_ZOOM, Math.max(OPEN_MIN_ZOOM, fit));
    // Centred in the free room when it fits; from the top-left corner when it does not.
    const offsetX = fit >= zoom ? (room.x - (right - left) * zoom) / 2 : 0;
    const offsetY = fit >= zoom ? (room.y - (bottom - top) * zoom) / 2 : 0;
    void setViewport({ x: EDGE_PX + offsetX - left * zoom, y: EDGE_PX + offsetY - top * zoom, zoom });
  }, [graph, width, height, setViewport, moved]);
  return null;
}

/** The laid-out machine in React Flow: positions come from elkjs, nothing is draggable or editable. */
export function FlowDiagram({ graph, label, activeStateIds, activeEdgeIds }: FlowDiagramProps) {
  const userMoved = useRef(false);
  const nodes = useMemo(
    () =>
      graph.nodes.map((node): StateFlowNode => ({
        id: node.id,
        type: node.kind === 'initial' ? 'initialNode' : node.hasChildren ? 'parentNode' : 'stateNode',
        position: { x: node.x, y: node.y },
        ...(node.parentId ? { parentId: node.parentId } : {}),
        data: { node, active: activeStateIds.has(node.id) },
        width: node.width,
        height: node.height,
        style: { width: node.width, height: node.height },
        draggable: false,
        connectable: false,
        ariaLabel: node.kind === 'initial' ? undefined : node.id,
        zIndex: node.hasChildren ? 0 : 1,
      })),
    [graph, activeStateIds],
  );
  const edges = useMemo(
    () =>
      graph.edges.map((edge): TransitionFlowEdge => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: 'transition',
        data: { edge, active: activeEdgeIds.has(edge.id) },
        zIndex: 5,
        focusable: false,
      })),
    [graph, activeEdgeIds],
  );
  const ariaLabels = useFlowAriaLabels();
  return (
    <div className="relative h-full w-full" role="figure" aria-label={label} data-testid="flow-diagram">
      <Markers />
      <ReactFlow
        key={graph.machineId}
        ariaLabelConfig={ariaLabels}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onMoveStart={(event) => {
          if (event) userMoved.current = true;
        }}
        minZoom={0.1}
        maxZoom={2.5}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        zoomOnDoubleClick={false}
      >
        <Background gap={24} />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel={label} />
        <OpeningView graph={graph} moved={userMoved} />
      </ReactFlow>
    </div>
  );
}
