import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { upgradePromptMachine } from '../../machines/upgrade-prompt.machine';
import { useLabel } from '../../i18n/useLabel';
import { inspectActor } from '../../statecharts/inspection-bus';
import { SessionActor, useNotify } from './actors';

/**
 * Spec 000 §4 upgrade prompt for one view: `request(run)` runs `run` when the account is upgraded,
 * otherwise shows AMCLOUD_01173 and opens /bill/upgrade, or warns AMCLOUD_NO_UPGRADE_PERMISSION.
 * `canOpenUpgrade` is false for accounts that cannot upgrade: their upgrade items stay hidden.
 */
export function useUpgradePrompt() {
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const actor = useActorRef(upgradePromptMachine, {
    input: { Type: user?.Type ?? 0, Upgrade: user?.Upgrade ?? false },
    inspect: inspectActor,
  });
  const [, navigate] = useLocation();
  const notify = useNotify();
  const label = useLabel();
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (user) actor.send({ type: 'user.update', Type: user.Type, Upgrade: user.Upgrade });
  }, [actor, user]);

  useEffect(() => {
    const subscriptions = [
      actor.on('action.run', () => {
        const run = pending.current;
        pending.current = null;
        run?.();
      }),
      actor.on('prompt.show', (event) => {
        pending.current = null;
        notify(label(event.messageKey), event.level);
        if (event.path) navigate(event.path);
      }),
      actor.on('prompt.navigate', (event) => navigate(event.path)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, navigate, notify, label]);

  const canOpenUpgrade = useSelector(actor, (s) => s.can({ type: 'upgrade.open' }));
  return {
    canOpenUpgrade,
    request(run: () => void) {
      pending.current = run;
      actor.send({ type: 'action.request' });
    },
    openUpgrade: () => actor.send({ type: 'upgrade.open' }),
  };
}
