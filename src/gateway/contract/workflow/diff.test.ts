import { describe, expect, it } from 'vitest';
import { SAMPLE_JOURNEY } from '../../../../tests/fixtures/workflow-journey';
import { applyEdit } from './edits';
import { diffWorkflow, settingChanges } from './diff';
import type { WorkflowDocument, WorkflowNode } from './document';

const running = SAMPLE_JOURNEY;
const node = (document: WorkflowDocument, id: string) => document.nodes.find((n) => n.id === id)!;

describe('diffWorkflow', () => {
  it('finds nothing between a version and itself', () => {
    expect(diffWorkflow(running, running)).toEqual({ steps: [], edges: [] });
  });

  it('lists added, removed, configured and moved steps, node by node', () => {
    let draft = applyEdit(running, { type: 'node.configure', id: 'n3', config: { amount: 2, unit: 'day' } });
    draft = applyEdit(draft, { type: 'node.configure', id: 'n2', config: { templateId: 'UT00000002' } });
    draft = applyEdit(draft, { type: 'node.move', id: 'n4', position: { x: 40, y: 360 } });
    draft = applyEdit(draft, { type: 'node.delete', id: 'n7' });
    draft = applyEdit(draft, { type: 'node.add', id: 'n8', kind: 'email', position: { x: 100, y: 600 } });
    const { steps } = diffWorkflow(running, draft);
    expect(steps.map((step) => [step.change, step.node.id])).toEqual([
      ['configured', 'n2'],
      ['configured', 'n3'],
      ['moved', 'n4'],
      ['added', 'n8'],
      ['removed', 'n7'],
    ]);
    expect(steps[0]).toMatchObject({ settings: [{ setting: 'template', before: 'UT00000001', after: 'UT00000002' }] });
    expect(steps[1]).toMatchObject({
      settings: [{ setting: 'delay', before: { amount: 1, unit: 'day' }, after: { amount: 2, unit: 'day' } }],
    });
    expect(steps[2]).toMatchObject({ from: { x: 0, y: 360 } });
  });

  it('matches edges by what they join: reconnecting the same steps is no change', () => {
    let draft = applyEdit(running, { type: 'edge.delete', id: 'e2' });
    draft = applyEdit(draft, { type: 'edge.connect', id: 'e9', source: 'n2', target: 'n3' });
    draft = applyEdit(draft, { type: 'edge.connect', id: 'e10', source: 'n5', target: 'n7', branch: 'no' });
    draft = applyEdit(draft, { type: 'edge.delete', id: 'e5' });
    expect(diffWorkflow(running, draft).edges).toEqual([
      { change: 'added', edge: { id: 'e10', source: 'n5', target: 'n7', branch: 'no' } },
      { change: 'removed', edge: { id: 'e5', source: 'n5', target: 'n6', branch: 'yes' } },
    ]);
  });

  it('names each setting of a step that differs', () => {
    const trigger = node(running, 'n1');
    const changed = {
      ...trigger,
      config: { source: 'list', audienceId: 'L2', attribute: '', event: '' },
    } as WorkflowNode;
    expect(settingChanges(trigger, changed)).toEqual([
      { setting: 'source', before: 'segment', after: 'list' },
      { setting: 'audience', before: 'SG1', after: 'L2' },
    ]);
    const condition = node(running, 'n5');
    if (condition.kind !== 'condition') throw new Error('the sample has a condition at n5');
    const fewer = { ...condition, config: { ...condition.config, rules: condition.config.rules.slice(1) } };
    expect(settingChanges(condition, fewer)).toEqual([
      { setting: 'rules', before: condition.config.rules, after: condition.config.rules.slice(1) },
    ]);
    const window = node(running, 'n4');
    const later = { ...window, config: { start: '10:00', end: '18:00' } } as WorkflowNode;
    expect(settingChanges(window, later)).toEqual([
      { setting: 'window', before: { start: '09:00', end: '18:00' }, after: { start: '10:00', end: '18:00' } },
    ]);
  });
});
