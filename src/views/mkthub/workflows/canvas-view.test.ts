import { describe, expect, it } from 'vitest';
import { reuseUnchanged } from './canvas-view';

// The canvas rebuilds its React Flow nodes and edges from the machine's document on every edit; React Flow
// 12 re-measures a node without `measured` (and remounts its edges) and re-renders every new object, so the
// board keeps what did not change (bench/canvas.ts: a 200-step journey).
describe('reuseUnchanged', () => {
  const step = { id: 'n1', kind: 'sms' };
  type BoardNode = {
    id: string;
    position: { x: number; y: number };
    selected: boolean;
    data: Record<string, unknown>;
    measured?: { width: number; height: number };
  };
  const node = (
    id: string,
    x: number,
    data: Record<string, unknown> = { step, title: 'SMS 1', issues: 0 },
  ): BoardNode => ({
    id,
    position: { x, y: 0 },
    selected: false,
    data,
  });

  it('gives back the board’s own node when nothing of it changed, measured size and all', () => {
    const built = node('n1', 0);
    const onBoard = { ...built, data: { ...built.data }, measured: { width: 224, height: 60 } };
    const [kept] = reuseUnchanged<BoardNode>([{ ...built, data: { ...built.data } }], [onBoard]);
    expect(kept).toBe(onBoard);
  });

  it('takes a changed node, with the size measured on the board', () => {
    const position = { x: 0, y: 0 };
    const onBoard = { ...node('n1', 0), position, measured: { width: 224, height: 60 } };
    const moved = { ...node('n1', 40) };
    const retitled = { ...node('n1', 0, { step, title: 'SMS 2', issues: 0 }), position };
    const [afterMove] = reuseUnchanged([moved], [onBoard]);
    const [afterTitle] = reuseUnchanged([retitled], [onBoard]);
    expect(afterMove.position).toEqual({ x: 40, y: 0 });
    expect(afterMove.measured).toEqual({ width: 224, height: 60 });
    expect(afterTitle.data.title).toBe('SMS 2');
    expect(afterTitle.measured).toEqual({ width: 224, height: 60 });
  });

  it('leaves a new node as it is, and reuses an unchanged edge', () => {
    const fresh = node('n2', 0);
    expect(reuseUnchanged([fresh], [{ ...node('n1', 0) }])[0]).toBe(fresh);
    const edge = { id: 'e1', source: 'n1', target: 'n2', sourceHandle: 'next', label: undefined };
    expect(reuseUnchanged([{ ...edge }], [edge])[0]).toBe(edge);
    expect(reuseUnchanged([{ ...edge, target: 'n3' }], [edge])[0]).toEqual({ ...edge, target: 'n3' });
  });
});
