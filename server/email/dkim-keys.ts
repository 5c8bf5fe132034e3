import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

// One DKIM key pair per sending domain (RFC 6376 with RSA-SHA256; RFC 8301: at least 1024 bits, 2048
// recommended). The selector names Herald and the key's year, so a rotated key gets a new name.

const generate = promisify(generateKeyPair);

export interface DkimKeyPair {
  selector: string;
  /** The p= value: base64 of the DER SubjectPublicKeyInfo. */
  publicKey: string;
  /** PKCS#8 PEM, as nodemailer's dkim.privateKey takes it. */
  privateKey: string;
}

export async function newDkimKeyPair(now: Date): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    selector: `herald${now.getUTCFullYear()}`,
    publicKey: Buffer.from(publicKey).toString('base64'),
    privateKey,
  };
}
