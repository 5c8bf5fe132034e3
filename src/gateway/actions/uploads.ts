export const uploadActions = {} as const;
