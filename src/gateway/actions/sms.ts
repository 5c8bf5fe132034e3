export const smsActions = {} as const;
