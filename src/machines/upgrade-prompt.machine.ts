import { assign, emit, setup } from 'xstate';

// Spec 000 §4 "Upgrade prompt" and §6: an action that needs an upgraded account runs when the account
// is upgraded; otherwise AMCLOUD_01173 (RetCode UpgradeRequired) and /bill/upgrade when it may upgrade,
// or AMCLOUD_NO_UPGRADE_PERMISSION (NoUpgradePermission) when it may not. Type 4 accounts never may.
export const NOT_UPGRADABLE_TYPE = 4;
export const UPGRADE_PATH = '/bill/upgrade';

export interface UpgradePromptContext {
  userType: number;
  upgraded: boolean;
}

export interface UpgradePromptInput {
  /** GetUserInfo's Type and Upgrade */
  Type: number;
  Upgrade: boolean;
}

export type UpgradePromptEvent =
  { type: 'action.request' } | { type: 'upgrade.open' } | { type: 'user.update'; Type: number; Upgrade: boolean };

/** The view runs the action, or shows the message and goes where it says. */
export type UpgradePromptEmitted =
  | { type: 'action.run' }
  | {
      type: 'prompt.show';
      level: 'error' | 'warning';
      messageKey: 'errors:UpgradeRequired' | 'errors:NoUpgradePermission';
      path: string | null;
    }
  | { type: 'prompt.navigate'; path: string };

const upgradePromptSetup = setup({
  types: {
    context: {} as UpgradePromptContext,
    events: {} as UpgradePromptEvent,
    input: {} as UpgradePromptInput,
    emitted: {} as UpgradePromptEmitted,
  },
  guards: {
    isAllowed: ({ context }) => context.upgraded,
    canUpgrade: ({ context }) => context.userType !== NOT_UPGRADABLE_TYPE,
  },
  actions: {
    storeUser: assign((_, params: { Type: number; Upgrade: boolean }) => ({
      userType: params.Type,
      upgraded: params.Upgrade,
    })),
    runAction: emit({ type: 'action.run' as const }),
    showUpgradeRequired: emit({
      type: 'prompt.show' as const,
      level: 'error' as const,
      messageKey: 'errors:UpgradeRequired' as const,
      path: UPGRADE_PATH,
    }),
    showNoPermission: emit({
      type: 'prompt.show' as const,
      level: 'warning' as const,
      messageKey: 'errors:NoUpgradePermission' as const,
      path: null,
    }),
    openUpgradePage: emit({ type: 'prompt.navigate' as const, path: UPGRADE_PATH }),
  },
});

// Every state answers the same events (the inspector and the model tests read them per state).
const promptTransitions = {
  'action.request': [
    { guard: 'isAllowed', target: 'allowed', reenter: true },
    { guard: 'canUpgrade', target: 'upgradeRequired', reenter: true },
    { target: 'noPermission', reenter: true },
  ],
  // Items that lead to an upgrade are shown only where this event is possible (hidden for Type 4).
  'upgrade.open': { guard: 'canUpgrade', target: 'upgrading', reenter: true },
  'user.update': {
    actions: {
      type: 'storeUser',
      params: ({ event }: { event: { Type: number; Upgrade: boolean } }) => ({
        Type: event.Type,
        Upgrade: event.Upgrade,
      }),
    },
  },
} as const;

export const upgradePromptMachine = upgradePromptSetup.createMachine({
  id: 'upgradePrompt',
  context: ({ input }) => ({ userType: input.Type, upgraded: input.Upgrade }),
  initial: 'idle',
  states: {
    idle: { on: promptTransitions },
    allowed: { entry: 'runAction', on: promptTransitions },
    upgradeRequired: { entry: 'showUpgradeRequired', on: promptTransitions },
    noPermission: { entry: 'showNoPermission', on: promptTransitions },
    upgrading: { entry: 'openUpgradePage', on: promptTransitions },
  },
});
