import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { WorkflowDocument } from '../gateway/contract/workflow/document';
import { journeyToElkGraph, positionsFromLayout, STEP_SIZE } from './journey-layout';

// trigger → SMS → condition (yes: delay → exit, no: exit), drawn in a heap at (500, 300)
const at = { x: 500, y: 300 };
const heap: WorkflowDocument = {
  nodes: [
    {
      id: 'n1',
      kind: 'trigger',
      position: at,
      config: { source: 'segment', audienceId: 'S1', attribute: '', event: '' },
    },
    { id: 'n2', kind: 'sms', position: { x: 520, y: 310 }, config: { templateId: '' } },
    {
      id: 'n3',
      kind: 'condition',
      position: at,
      config: { audienceId: 'S1', rules: [{ kind: 'received', value: '' }] },
    },
    { id: 'n4', kind: 'delay', position: at, config: { amount: 1, unit: 'day' } },
    { id: 'n5', kind: 'exit', position: at, config: {} },
    { id: 'n6', kind: 'exit', position: at, config: {} },
  ],
  edges: [
    { id: 'e1', source: 'n1', target: 'n2' },
    { id: 'e2', source: 'n2', target: 'n3' },
    { id: 'e3', source: 'n3', target: 'n4', branch: 'yes' },
    { id: 'e4', source: 'n4', target: 'n5' },
    { id: 'e5', source: 'n3', target: 'n6', branch: 'no' },
  ],
};

describe('journey layout', () => {
  it('maps steps to boxes and a condition branch to its port', () => {
    const graph = journeyToElkGraph(heap);
    expect(graph.layoutOptions).toMatchObject({ 'elk.algorithm': 'layered', 'elk.direction': 'DOWN' });
    expect(graph.children?.map((child) => child.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    expect(graph.children?.[0]).toEqual({ id: 'n1', ...STEP_SIZE });
    const condition = graph.children?.[2];
    expect(condition?.ports?.map((port) => port.id)).toEqual(['n3:yes', 'n3:no']);
    expect(condition?.ports?.[0].x).toBeLessThan(condition?.ports?.[1].x ?? 0);
    expect(graph.edges).toContainEqual({ id: 'e3', sources: ['n3:yes'], targets: ['n4'] });
    expect(graph.edges).toContainEqual({ id: 'e1', sources: ['n1'], targets: ['n2'] });
  });

  it('lays the journey out top to bottom, branches side by side, where it was drawn', async () => {
    const layout = await new ELK().layout(journeyToElkGraph(heap));
    const positions = positionsFromLayout(heap, layout);
    expect(Object.keys(positions).sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    const { n1, n2, n3, n4, n5, n6 } = positions;
    expect(n1.y).toBeLessThan(n2.y);
    expect(n2.y).toBeLessThan(n3.y);
    expect(n3.y).toBeLessThan(n4.y);
    expect(n4.y).toBeLessThan(n5.y);
    // the yes branch (delay) left of the no branch (exit), on one level, without overlapping
    expect(n4.y).toBe(n6.y);
    expect(n4.x + STEP_SIZE.width).toBeLessThanOrEqual(n6.x);
    // the tidied journey's top left corner is where the heap's was
    const xs = Object.values(positions).map((p) => p.x);
    const ys = Object.values(positions).map((p) => p.y);
    expect([Math.min(...xs), Math.min(...ys)]).toEqual([500, 300]);
  });

  it('keeps only steps of the document, and nothing for an empty one', () => {
    expect(
      positionsFromLayout({ nodes: [], edges: [] }, { id: 'journey', children: [{ id: 'n1', x: 1, y: 1 }] }),
    ).toEqual({});
  });
});
