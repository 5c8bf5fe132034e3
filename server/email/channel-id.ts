/**
 * The e-mail channel's id in channel_tasks. channels/email.ts describes the channel and imports the e-mail
 * modules, so they take the id from here (importing the description would close an import circle).
 */
export const EMAIL_CHANNEL_ID = 'email' as const;
