import dns2 from 'dns2';

// A real DNS server on loopback (dns2, UDP) serving a zone held in memory: the tests' and the e2e
// sandbox's stand-in for a domain's authoritative servers (docs/decisions.md "E-mail domains and
// senders"). Herald's resolver is pointed at it (HERALD_DNS_SERVERS), so verification runs the same
// node:dns look-ups as against the real internet. A name not in the zone answers NXDOMAIN; a name in
// it without the asked type answers NOERROR with no records; a name marked silent never answers.

const { Packet } = dns2;

/** The records of one name. TXT: each record as its character-strings (a DKIM key spans several). */
export interface LoopbackRecords {
  TXT?: string[][];
  MX?: { exchange: string; priority: number }[];
  CNAME?: string;
}

export interface LoopbackDns {
  /** host:port, as HERALD_DNS_SERVERS and Resolver.setServers take it. */
  address: string;
  /** Replaces the records of a name (lower-cased, no trailing dot); empty records keep the name existing. */
  set(name: string, records: LoopbackRecords): void;
  remove(name: string): void;
  /** The name's questions go unanswered (the resolver times out). */
  silence(name: string): void;
  clear(): void;
  zone(): Record<string, LoopbackRecords>;
  close(): Promise<void>;
}

const normal = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** Splits a TXT value into character-strings of at most 255 octets (RFC 1035 §3.3). */
export function txtStrings(value: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i < value.length; i += 255) parts.push(value.slice(i, i + 255));
  return parts.length ? parts : [''];
}

export async function startLoopbackDns(options: { port?: number; host?: string } = {}): Promise<LoopbackDns> {
  const zone = new Map<string, LoopbackRecords>();
  const silent = new Set<string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const [question] = request.questions;
      const name = normal(question?.name ?? '');
      if (silent.has(name)) return;
      const response = Packet.createResponseFromRequest(request);
      const records = zone.get(name);
      if (!records) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        void send(response);
        return;
      }
      const answer = (record: Partial<dns2.Packet.Resource>) =>
        response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, ...record }));
      if (records.CNAME && question.type !== Packet.TYPE.TXT)
        answer({ type: Packet.TYPE.CNAME, domain: records.CNAME });
      else if (question.type === Packet.TYPE.TXT)
        for (const data of records.TXT ?? []) answer({ type: Packet.TYPE.TXT, data });
      else if (question.type === Packet.TYPE.MX)
        for (const mx of records.MX ?? []) answer({ type: Packet.TYPE.MX, ...mx });
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: options.port ?? 0, address: options.host ?? '127.0.0.1' } });
  const udp = addresses.udp!;
  return {
    address: `${udp.address}:${udp.port}`,
    set: (name, records) => {
      silent.delete(normal(name));
      zone.set(normal(name), records);
    },
    remove: (name) => {
      silent.delete(normal(name));
      zone.delete(normal(name));
    },
    silence: (name) => silent.add(normal(name)),
    clear: () => {
      zone.clear();
      silent.clear();
    },
    zone: () => Object.fromEntries(zone),
    close: () => server.close(),
  };
}
