import type { AnyStateMachine } from 'xstate';
import type { TranslationKey } from '../i18n/keys';
import { sessionMachine } from './session.machine';
import { notificationsMachine } from './notifications.machine';
import { signInMachine } from './signin.machine';
import { resendCountdownMachine } from './resend-countdown.machine';

export interface MachineEntry {
  /** equals the machine's own id */
  id: string;
  machine: AnyStateMachine;
  title: TranslationKey;
  description: TranslationKey;
  /** the spec area it belongs to (groups the inspector's list) */
  area: 'account' | 'shell' | 'billing' | 'tickets' | 'uploads' | 'settings' | 'sms';
  /** lifecycle: a pure status machine shared with the server; screen: drives a view */
  kind: 'screen' | 'lifecycle';
}

/**
 * Every machine of the console. Adding a machine here is the one step that puts it in the flows
 * inspector, in `npm run paths`, and under the check that it has a model-based test.
 */
export const machineRegistry: MachineEntry[] = [
  { id: 'session', machine: sessionMachine, title: 'flows:machines.session.title', description: 'flows:machines.session.description', area: 'account', kind: 'screen' },
  { id: 'signIn', machine: signInMachine, title: 'flows:machines.signIn.title', description: 'flows:machines.signIn.description', area: 'account', kind: 'screen' },
  { id: 'resendCountdown', machine: resendCountdownMachine, title: 'flows:machines.resendCountdown.title', description: 'flows:machines.resendCountdown.description', area: 'account', kind: 'screen' },
  { id: 'notifications', machine: notificationsMachine, title: 'flows:machines.notifications.title', description: 'flows:machines.notifications.description', area: 'shell', kind: 'screen' },
];

export function findMachine(id: string): MachineEntry | undefined {
  return machineRegistry.find((entry) => entry.id === id);
}
