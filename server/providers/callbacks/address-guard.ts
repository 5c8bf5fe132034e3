import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../lib/public-address';

// Customer callback addresses must be public (server-side request forgery): every address a host
// resolves to is checked, and the request then connects to the checked address itself, so a DNS
// answer that changes between check and connect (rebinding) cannot reach a private network.

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export class PrivateAddressError extends Error {}

/** The address to connect to, or PrivateAddressError when the host is (or resolves to) a non-public one. */
export async function resolvePublicAddress(url: URL, allowPrivate: boolean): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PrivateAddressError('scheme');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host))
    throw new PrivateAddressError(host);
  const literal = isIP(host);
  const answers: { address: string; family: number }[] = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true });
  if (answers.length === 0) throw new PrivateAddressError(host);
  if (!allowPrivate && answers.some((a) => !isPublicAddress(a.address))) throw new PrivateAddressError(host);
  return { address: answers[0].address, family: answers[0].family === 6 ? 6 : 4 };
}
