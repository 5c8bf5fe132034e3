// The e-mail domain floor's public face for other code (the sending transport, send tasks).
export { dkimSigningKeyFor } from './domains';
export { usableSender } from './senders';
