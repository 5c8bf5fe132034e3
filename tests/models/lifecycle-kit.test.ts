import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { defineLifecycle } from '../../src/machines/lifecycles/kit';

// The kit on a small lifecycle of its own: a flat state, a compound state with sub-codes, a final one.
const doorMachine = setup({
  types: {
    events: {} as { type: 'door.open' } | { type: 'door.lock' } | { type: 'door.close' } | { type: 'door.remove' },
  },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'open', 'door.remove': 'removed' } },
    open: {
      initial: 'ajar',
      states: { ajar: { on: { 'door.open': 'wide' } }, wide: {} },
      on: { 'door.close': 'closed' },
    },
    locked: {},
    removed: { type: 'final' },
  },
});

const door = defineLifecycle(
  doorMachine,
  { closed: 10, open: 20, locked: 30, removed: 40 },
  { subStatuses: { 'open.ajar': 1, 'open.wide': 2, removed: 9 }, noSub: 0 },
);

describe('lifecycle kit', () => {
  it('resolves a stored status, picking the sub-state by its code or the initial one', () => {
    expect(door.snapshotOf(10)?.value).toBe('closed');
    expect(door.snapshotOf(20, 2)?.value).toEqual({ open: 'wide' });
    expect(door.snapshotOf(20)?.value).toEqual({ open: 'ajar' });
    expect(door.snapshotOf(99)).toBeNull();
  });

  it('answers the status and sub-code of a snapshot', () => {
    expect(door.statusOf(door.snapshotOf(20, 2)!)).toEqual({ status: 20, sub: 2 });
    expect(door.statusOf(door.snapshotOf(40)!)).toEqual({ status: 40, sub: 9 });
    expect(door.statusOf(door.snapshotOf(10)!)).toEqual({ status: 10, sub: 0 });
  });

  it('moves only as the machine allows, with events as objects or types', () => {
    expect(door.next(10, 'door.open')).toEqual({ status: 20, sub: 1 });
    expect(door.next(20, { type: 'door.open' }, 1)).toEqual({ status: 20, sub: 2 });
    expect(door.next(20, 'door.open', 2)).toBeNull();
    expect(door.next(40, 'door.open')).toBeNull();
    expect(door.can(10, 'door.remove')).toBe(true);
    expect(door.can(30, 'door.remove')).toBe(false);
  });

  it('lists every status allowing an event, in any of its sub-states', () => {
    expect(door.statusesAllowing('door.open')).toEqual([10, 20]);
    expect(door.statusesAllowing('door.close')).toEqual([20]);
    expect(door.statusesAllowing('door.lock')).toEqual([]);
    expect(door.statuses).toEqual([10, 20, 30, 40]);
  });
});
