import { createContext, useContext } from 'react';

/**
 * Spec 000 §4's upgrade prompt as the shared compose forms reach it: the page that shows a form (an area,
 * which may use the shell's useUpgradePrompt) provides `request`; views/common cannot import the shell.
 * Without a provider the step runs and the server's own refusal (UpgradeRequired) is shown.
 */
export interface UpgradeGateValue {
  request: (run: () => void) => void;
}

export const UpgradeGate = createContext<UpgradeGateValue>({ request: (run) => run() });

export const useUpgradeGate = () => useContext(UpgradeGate);
