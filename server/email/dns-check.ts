import { promises as dns } from 'node:dns';
import {
  EMAIL_DOMAIN_STATUS,
  EMAIL_REQUIRED_RECORDS,
  type EmailDnsFailReason,
} from '../../src/gateway/contract/email-domains';
import type { StoredDnsCheck } from '../db/schema';
import { heraldMailHosts, neededRecords, type EmailDomainKeys, type HeraldMailHosts } from './dns-records';

// Domain verification by real DNS look-ups (node:dns Resolver, c-ares): through the servers of
// HERALD_DNS_SERVERS when set, else the system's. Each record passes or fails with a reason; the
// domain passes when every required record does (the tracking CNAME is shown but optional).

export interface DnsSettings {
  /** host or host:port; empty: the system's resolvers. */
  servers?: string[];
  timeoutMs?: number;
  tries?: number;
}

export function dnsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DnsSettings {
  const servers = (env.HERALD_DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    servers: servers.length ? servers : undefined,
    timeoutMs: env.HERALD_DNS_TIMEOUT_MS ? Number(env.HERALD_DNS_TIMEOUT_MS) : undefined,
  };
}

export function makeResolver(settings: DnsSettings = {}): dns.Resolver {
  const resolver = new dns.Resolver({ timeout: settings.timeoutMs ?? 3_000, tries: settings.tries ?? 2 });
  if (settings.servers?.length) resolver.setServers(settings.servers);
  return resolver;
}

type Lookup = { found: string[] } | { reason: EmailDnsFailReason };

function failureReason(error: unknown): EmailDnsFailReason {
  const code = (error as { code?: string }).code;
  if (code === dns.NODATA) return 'missing';
  if (code === dns.NOTFOUND) return 'noDomain';
  if (code === dns.TIMEOUT) return 'timeout';
  return 'lookupFailed';
}

async function lookup(run: () => Promise<string[]>): Promise<Lookup> {
  try {
    return { found: await run() };
  } catch (error) {
    return { reason: failureReason(error) };
  }
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** DKIM tag-list (RFC 6376 §3.2): tag=value pairs split by semicolons; whitespace inside p= is folded out. */
function dkimTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/** Does the found value match? Per kind: the rule a receiving mail server applies, not string equality. */
function matches(kind: StoredDnsCheck['kind'], found: string[], domain: EmailDomainKeys, hosts: HeraldMailHosts) {
  switch (kind) {
    case 'SPF': {
      const spf = found.filter((r) => /^v=spf1(\s|$)/i.test(r));
      // RFC 7208 §4.5: more than one SPF record is a permanent error.
      return spf.length === 1 && spf[0].toLowerCase().split(/\s+/).includes(`include:${hosts.spfInclude}`);
    }
    case 'DKIM':
      return found.some((r) => {
        const tags = dkimTags(r);
        return (tags.get('v') ?? 'DKIM1') === 'DKIM1' && tags.get('p') === domain.dkimPublicKey;
      });
    case 'DMARC': {
      const dmarc = found.filter((r) => /^v=DMARC1\s*(;|$)/.test(r));
      return dmarc.length === 1 && /^(none|quarantine|reject)$/i.test(dkimTags(dmarc[0]).get('p') ?? '');
    }
    case 'MX':
      return found.some((r) => bare(r.split(' ')[1] ?? '') === hosts.mxHost);
    case 'TRACKING':
      return found.some((r) => bare(r) === hosts.trackingTarget);
  }
}

/** Which records of `kind` to show as found: the TXT records of the kind's own syntax, the rest as is. */
function relevant(kind: StoredDnsCheck['kind'], found: string[]): string[] {
  if (kind === 'SPF') return found.filter((r) => /^v=spf1/i.test(r));
  if (kind === 'DMARC') return found.filter((r) => /^v=DMARC1/i.test(r));
  return found;
}

export interface DomainCheck {
  checks: StoredDnsCheck[];
  passed: boolean;
}

export async function checkDomainDns(
  domain: EmailDomainKeys,
  ownDomain: string,
  resolver: dns.Resolver,
): Promise<DomainCheck> {
  const hosts = heraldMailHosts(ownDomain);
  const txt = (name: string) => () => resolver.resolveTxt(name).then((rs) => rs.map((chunks) => chunks.join('')));
  const checks = await Promise.all(
    neededRecords(domain, hosts).map(async (record): Promise<StoredDnsCheck> => {
      const result = await lookup(
        record.type === 'TXT'
          ? txt(record.name)
          : record.type === 'MX'
            ? () => resolver.resolveMx(record.name).then((rs) => rs.map((mx) => `${mx.priority} ${bare(mx.exchange)}`))
            : () => resolver.resolveCname(record.name).then((rs) => rs.map(bare)),
      );
      if ('reason' in result)
        return { kind: record.kind, status: EMAIL_DOMAIN_STATUS.Failed, reason: result.reason, found: [] };
      const found = relevant(record.kind, result.found);
      if (found.length === 0)
        return { kind: record.kind, status: EMAIL_DOMAIN_STATUS.Failed, reason: 'missing', found };
      const ok = matches(record.kind, found, domain, hosts);
      return {
        kind: record.kind,
        status: ok ? EMAIL_DOMAIN_STATUS.Passed : EMAIL_DOMAIN_STATUS.Failed,
        reason: ok ? '' : 'mismatch',
        found,
      };
    }),
  );
  const passed = EMAIL_REQUIRED_RECORDS.every(
    (kind) => checks.find((c) => c.kind === kind)?.status === EMAIL_DOMAIN_STATUS.Passed,
  );
  return { checks, passed };
}
