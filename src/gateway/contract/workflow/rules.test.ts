import { describe, expect, it } from 'vitest';
import { SAMPLE_JOURNEY } from '../../../../tests/fixtures/workflow-journey';
import { applyEdit, checkEdit } from './edits';
import { cycleWithoutDelay, invariantIssues, readinessIssues } from './rules';
import type { WorkflowDocument } from './document';

const journey: WorkflowDocument = SAMPLE_JOURNEY;

describe('workflow rules', () => {
  it('the sample journey keeps every invariant and lacks only its "no" branch', () => {
    expect(invariantIssues(journey)).toEqual([]);
    expect(readinessIssues(journey)).toEqual([{ code: 'danglingBranch', nodeId: 'n5' }]);
  });

  it('needs exactly one trigger', () => {
    expect(readinessIssues({ nodes: [], edges: [] })).toEqual([{ code: 'triggerMissing', nodeId: null }]);
    expect(checkEdit(journey, { type: 'node.add', id: 'n8', kind: 'trigger', position: { x: 0, y: 0 } })).toEqual({
      code: 'tooManyTriggers',
      nodeId: 'n8',
    });
  });

  it('needs a list or segment for a list/segment trigger and for a condition, and a template for a send step', () => {
    const bare = applyEdit(
      applyEdit(
        applyEdit({ nodes: [], edges: [] }, { type: 'node.add', id: 'n1', kind: 'trigger', position: { x: 0, y: 0 } }),
        {
          type: 'node.add',
          id: 'n2',
          kind: 'condition',
          position: { x: 0, y: 0 },
        },
      ),
      { type: 'node.add', id: 'n3', kind: 'email', position: { x: 0, y: 0 } },
    );
    const codes = readinessIssues(bare).map((found) => `${found.code}:${found.nodeId}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'audienceRequired:n1',
        'audienceRequired:n2',
        'templateRequired:n3',
        'danglingBranch:n2',
      ]),
    );
  });

  it('allows at most five conditions, a window starting no later than it ends, and no negative delay', () => {
    const configure = (id: string, config: unknown) =>
      checkEdit(journey, { type: 'node.configure', id, config } as never);
    const rules = (count: number) => Array.from({ length: count }, () => ({ kind: 'received', value: '' }));
    expect(configure('n5', { audienceId: 'SG1', rules: rules(6) })?.code).toBe('tooManyConditions');
    expect(configure('n5', { audienceId: 'SG1', rules: rules(5) })).toBeNull();
    expect(configure('n4', { start: '10:00', end: '09:59' })?.code).toBe('windowReversed');
    expect(configure('n4', { start: '10:00', end: '10:00' })).toBeNull();
    expect(configure('n3', { amount: -1, unit: 'day' })?.code).toBe('delayNegative');
    expect(configure('n3', { amount: 0, unit: 'day' })).toBeNull();
  });

  it('refuses a cycle that never waits, and allows one through a delay', () => {
    const back = (target: string) =>
      checkEdit(journey, { type: 'edge.connect', id: 'e9', source: 'n5', target, branch: 'no' });
    expect(back('n4')?.code).toBe('cycleWithoutDelay');
    expect(back('n3')).toBeNull();
    expect(back('n2')).toBeNull();
    const zeroDelay = applyEdit(journey, { type: 'node.configure', id: 'n3', config: { amount: 0, unit: 'day' } });
    expect(
      cycleWithoutDelay(
        applyEdit(zeroDelay, { type: 'edge.connect', id: 'e9', source: 'n5', target: 'n2', branch: 'no' }),
      ),
    ).not.toBeNull();
  });

  it('refuses edges from an exit, into a trigger, and a second edge from one branch', () => {
    const connect = (source: string, target: string, branch?: 'yes' | 'no') =>
      checkEdit(journey, { type: 'edge.connect', id: 'e9', source, target, ...(branch ? { branch } : {}) })?.code;
    expect(connect('n6', 'n7')).toBe('edgeInvalid');
    expect(connect('n2', 'n1')).toBe('edgeInvalid');
    expect(connect('n5', 'n7')).toBe('edgeInvalid');
    expect(connect('n5', 'n7', 'yes')).toBe('branchTaken');
    expect(connect('n5', 'n99', 'no')).toBe('nodeMissing');
    expect(connect('n5', 'n7', 'no')).toBeUndefined();
  });

  it('deleting a node removes its edges', () => {
    const after = applyEdit(journey, { type: 'node.delete', id: 'n3' });
    expect(after.edges.map((edge) => edge.id)).toEqual(['e1', 'e4', 'e5']);
  });
});
