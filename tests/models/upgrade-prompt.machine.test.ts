import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { upgradePromptMachine, UPGRADE_PATH } from '../../src/machines/upgrade-prompt.machine';
import { testModel } from './harness';

const users = {
  upgraded: { Type: 1, Upgrade: true },
  trial: { Type: 1, Upgrade: false },
  type4: { Type: 4, Upgrade: false },
};

for (const [name, user] of Object.entries(users)) {
  testModel(
    `upgrade-prompt.machine, ${name} user`,
    {
      machine: upgradePromptMachine,
      input: () => user,
      events: { 'user.update': [users.upgraded, users.trial, users.type4] },
      serializeState: (s) => JSON.stringify([s.value, s.context]),
    },
    { requireAllStates: true },
  );
}

describe('upgrade-prompt.machine', () => {
  const run = (user: { Type: number; Upgrade: boolean }) => {
    const actor = createActor(upgradePromptMachine, { input: user });
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'action.request' });
    return { actor, emitted };
  };

  it('runs the action for an upgraded account', () => {
    expect(run(users.upgraded).emitted).toEqual([{ type: 'action.run' }]);
  });

  it('shows AMCLOUD_01173 as an error and goes to /bill/upgrade when an upgrade is possible', () => {
    expect(run(users.trial).emitted).toEqual([
      { type: 'prompt.show', level: 'error', messageKey: 'errors:UpgradeRequired', path: UPGRADE_PATH },
    ]);
  });

  it('warns AMCLOUD_NO_UPGRADE_PERMISSION for Type 4, whose upgrade items are hidden', () => {
    const { actor, emitted } = run(users.type4);
    expect(emitted).toEqual([
      { type: 'prompt.show', level: 'warning', messageKey: 'errors:NoUpgradePermission', path: null },
    ]);
    expect(actor.getSnapshot().can({ type: 'upgrade.open' })).toBe(false);
    expect(
      createActor(upgradePromptMachine, { input: users.trial }).start().getSnapshot().can({ type: 'upgrade.open' }),
    ).toBe(true);
  });

  it('asks again on every request', () => {
    const { actor, emitted } = run(users.upgraded);
    actor.send({ type: 'action.request' });
    expect(emitted).toHaveLength(2);
  });
});
