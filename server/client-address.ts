import type { Context } from 'hono';
import { BlockList, isIP } from 'node:net';

/** The peer address of the socket (@hono/node-server hands it over as env.incoming); undefined in-process. */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 and ::ffff:127.x.y.z (an IPv4 client on a dual-stack socket). */
export function isLoopback(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return loopback.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return loopback.check(address, 'ipv4');
  if (family === 6) return loopback.check(address, 'ipv6');
  return false;
}

/**
 * A client on this machine: a loopback socket, or a call made in-process (app.request in tests, no socket).
 * Every request over the network has a socket address.
 */
export function isLocalClient(c: Context): boolean {
  const address = socketAddress(c);
  return address === undefined || isLoopback(address);
}
