import { promises as dns } from 'node:dns';
import type { DNSResolver } from 'mailauth';
import { dkimVerify } from 'mailauth/lib/dkim/verify';

// The sink checks the DKIM signature of what it receives with mailauth (an independent verifier, not
// the nodemailer code that signed), so /dev/outbox shows what a receiving server would conclude.

export type { DNSResolver };

/** The system's DNS, with a short time-out: a sandbox domain that is not published fails fast. */
export function systemDnsResolver(timeoutMs = 1500): DNSResolver {
  const resolver = new dns.Resolver({ timeout: timeoutMs, tries: 1 });
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
}

/** A resolver that answers TXT records from a table (tests; domains whose keys Herald holds). */
export function fixedTxtResolver(records: Record<string, string>, fallback?: DNSResolver): DNSResolver {
  return async (name, rrtype) => {
    const value = records[name.toLowerCase()];
    if (rrtype === 'TXT' && value !== undefined) return [[value]];
    if (fallback) return fallback(name, rrtype);
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}

export interface DkimCheck {
  /** pass, fail, neutral, none, temperror, permerror … (the first signature's). */
  result: string;
  detail: string;
  signingDomain: string;
}

export async function checkDkim(raw: Buffer | string, resolver: DNSResolver): Promise<DkimCheck> {
  const outcome = await dkimVerify(raw, { resolver });
  const first = outcome.results.find((r) => r.signingDomain) ?? outcome.results[0];
  if (!first) return { result: 'none', detail: 'no DKIM signature', signingDomain: '' };
  return {
    result: first.status.result,
    detail: first.status.comment ?? first.info,
    signingDomain: first.signingDomain,
  };
}
