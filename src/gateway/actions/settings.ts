export const settingsActions = {} as const;
