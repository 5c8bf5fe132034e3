import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyNodeChanges,
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  type Connection,
  type Edge,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useFlowAriaLabels } from '../../common/useFlowAriaLabels';
import { branchesOf, type WorkflowDocument, type WorkflowNode } from '../../../gateway/contract/workflow/document';
import type { WorkflowIssue } from '../../../gateway/contract/workflow/rules';
import type { WorkflowCanvasEditEvent } from '../../../machines/workflow-canvas.machine';
import { reuseUnchanged } from './canvas-view';

export interface StepNodeData extends Record<string, unknown> {
  step: WorkflowNode;
  title: string;
  summary: string;
  /** A simulation's counts for the step, when one is shown. */
  note: string;
  issues: number;
  refused: boolean;
}
type StepFlowNode = Node<StepNodeData>;

const TONE: Record<WorkflowNode['kind'], string> = {
  trigger: 'border-violet-400 bg-violet-50',
  condition: 'border-amber-400 bg-amber-50',
  sms: 'border-sky-400 bg-white',
  mms: 'border-sky-400 bg-white',
  email: 'border-emerald-400 bg-white',
  delay: 'border-slate-400 bg-slate-50',
  window: 'border-slate-400 bg-slate-50',
  exit: 'border-slate-300 bg-slate-100',
};
const handle = '!h-3 !w-3 !border-2 !border-white !bg-slate-500';

const StepNode = memo(function StepNode({ data, selected }: NodeProps<StepFlowNode>) {
  const { t } = useTranslation('mkthub');
  const { step, title, summary, note, issues, refused } = data;
  const branches = branchesOf(step.kind);
  return (
    <div
      data-step-id={step.id}
      className={`w-56 rounded-lg border-2 px-3 py-2 text-xs shadow-sm ${TONE[step.kind]} ${
        selected ? 'ring-2 ring-brand-500' : ''
      } ${refused ? 'outline-2 outline-red-500' : ''}`}
    >
      {step.kind !== 'trigger' && <Handle type="target" position={Position.Top} className={handle} />}
      <div className="font-semibold text-slate-900">{title}</div>
      <div className="truncate text-slate-600">{summary}</div>
      {note && <div className="mt-1 font-medium text-brand-800">{note}</div>}
      {issues > 0 && <div className="mt-1 text-amber-700">{t('canvas.nodeIssues', { count: issues })}</div>}
      {branches.map((branch, index) => (
        <Handle
          key={branch ?? 'next'}
          id={branch ?? 'next'}
          type="source"
          position={Position.Bottom}
          className={`${handle} ${branch === 'yes' ? '!bg-emerald-600' : branch === 'no' ? '!bg-red-600' : ''}`}
          style={branches.length > 1 ? { left: `${30 + index * 40}%` } : undefined}
          title={t(`step.branch.${branch ?? 'next'}`)}
        />
      ))}
    </div>
  );
});

const nodeTypes = { step: StepNode };

export interface CanvasBoardProps {
  document: WorkflowDocument;
  readOnly: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onEdit: (event: WorkflowCanvasEditEvent) => void;
  titleOf: (node: WorkflowNode) => string;
  summaryOf: (node: WorkflowNode) => string;
  noteOf?: (node: WorkflowNode) => string;
  issues: Map<string, WorkflowIssue[]>;
  refusal: WorkflowIssue | null;
  label: string;
}

/**
 * The document on React Flow. Positions move locally while dragging and reach the machine when the
 * drag ends; connections and deletions are events; the machine's document is the only truth.
 */
export function CanvasBoard(props: CanvasBoardProps) {
  const { document, readOnly, selectedId, onSelect, onEdit, titleOf, summaryOf, noteOf, issues, refusal, label } =
    props;
  const fromDocument = useMemo(
    () =>
      document.nodes.map((step): StepFlowNode => ({
        id: step.id,
        type: 'step',
        position: step.position,
        selected: step.id === selectedId,
        ariaLabel: titleOf(step),
        draggable: !readOnly,
        connectable: !readOnly,
        deletable: !readOnly,
        data: {
          step,
          title: titleOf(step),
          summary: summaryOf(step),
          note: noteOf?.(step) ?? '',
          issues: issues.get(step.id)?.length ?? 0,
          refused: refusal?.nodeId === step.id,
        },
      })),
    [document, selectedId, readOnly, titleOf, summaryOf, noteOf, issues, refusal],
  );
  const [nodes, setNodes] = useState(fromDocument);
  useEffect(() => setNodes((current) => reuseUnchanged(fromDocument, current)), [fromDocument]);
  // the connections on the board: an unchanged one stays the same object, so React Flow leaves it be
  const [edges, setEdges] = useState<Edge[]>([]);
  useEffect(
    () =>
      setEdges((current) =>
        reuseUnchanged(
          document.edges.map((edge): Edge => ({
            id: edge.id,
            source: edge.source,
            target: edge.target,
            sourceHandle: edge.branch ?? 'next',
            deletable: !readOnly,
            label: edge.branch ? (edge.branch === 'yes' ? '✓' : '✗') : undefined,
          })),
          current,
        ),
      ),
    [document, readOnly],
  );

  const connect = (connection: Connection) => {
    const branch =
      connection.sourceHandle === 'yes' || connection.sourceHandle === 'no' ? connection.sourceHandle : undefined;
    onEdit({
      type: 'edge.connect',
      source: connection.source,
      target: connection.target,
      ...(branch ? { branch } : {}),
    });
  };

  const ariaLabels = useFlowAriaLabels();
  return (
    <div className="h-full w-full" role="figure" aria-label={label} data-testid="workflow-board">
      <ReactFlow<StepFlowNode>
        ariaLabelConfig={ariaLabels}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={(changes: NodeChange<StepFlowNode>[]) =>
          setNodes((current) =>
            applyNodeChanges(
              changes.filter((c) => c.type !== 'remove'),
              current,
            ),
          )
        }
        onNodeDragStop={(_, node) =>
          onEdit({
            type: 'node.move',
            id: node.id,
            position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
          })
        }
        onNodeClick={(_, node) => onSelect(node.id)}
        onPaneClick={() => onSelect(null)}
        onConnect={connect}
        onDelete={({ nodes: gone, edges: cut }) => {
          // a deleted step takes its connections with it: only the other cut edges are events of their own
          const goneIds = new Set(gone.map((node) => node.id));
          gone.forEach((node) => onEdit({ type: 'node.delete', id: node.id }));
          cut
            .filter((edge) => !goneIds.has(edge.source) && !goneIds.has(edge.target))
            .forEach((edge) => onEdit({ type: 'edge.delete', id: edge.id }));
        }}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        minZoom={0.1}
        maxZoom={2}
        zoomOnDoubleClick={false}
      >
        <Background gap={24} />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel={label} />
      </ReactFlow>
    </div>
  );
}
