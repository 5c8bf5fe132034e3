import { createContext, useContext } from 'react';

/**
 * The check step's last button as a page names it: "Send" by default; the campaign editor's wizard saves
 * the campaign instead of sending, so its page provides "Save campaign".
 */
export const ConfirmLabel = createContext<string | null>(null);

export const useConfirmLabel = () => useContext(ConfirmLabel);
