import { BlockList, isIP } from 'node:net';

// Which addresses are on the public internet: callbacks may only go there (server-side request
// forgery), and a short-link visit from any other address has no country.

// Two lists: node's BlockList matches IPv4 addresses against IPv6 rules as ::ffff:a.b.c.d.
const blocked = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // ::/96 covers ::, ::1 and the deprecated IPv4-compatible form (::7f00:1 is 127.0.0.1): none is a callback.
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked6.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // IPv4-mapped addresses (::ffff:a.b.c.d, also written ::ffff:7f00:1) are judged by their IPv4 address;
    // IPv4-compatible ones (::a.b.c.d, ::7f00:1) are refused with all of ::/96.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]);
    const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (mappedHex) {
      const [high, low] = [parseInt(mappedHex[1], 16), parseInt(mappedHex[2], 16)];
      return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return !blocked6.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}
