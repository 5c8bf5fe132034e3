import type { EmailDnsRecordKind } from '../../src/gateway/contract/email-domains';

// The DNS records a sending domain publishes (spec 001 §3: SPF, DKIM, DMARC, MX, tracking domain with
// its prefix), each with the host it lives at and the value Herald needs. Herald's own names hang off
// its domain (HERALD_OWN_DOMAIN): _spf.<own> for SPF, mx.<own> for bounces, track.<own> for tracking.

export interface EmailDomainKeys {
  domain: string;
  trackingPrefix: string;
  dkimSelector: string;
  dkimPublicKey: string;
}

export interface NeededRecord {
  kind: EmailDnsRecordKind;
  type: 'TXT' | 'MX' | 'CNAME';
  /** The full name looked up. */
  name: string;
  /** The host as a DNS panel asks for it: relative to the domain, '@' for the domain itself. */
  host: string;
  /** The value to publish (MX: "10 mx.herald.local"). */
  value: string;
}

export interface HeraldMailHosts {
  spfInclude: string;
  mxHost: string;
  trackingTarget: string;
}

export const MX_PRIORITY = 10;

export function heraldMailHosts(ownDomain: string): HeraldMailHosts {
  return { spfInclude: `_spf.${ownDomain}`, mxHost: `mx.${ownDomain}`, trackingTarget: `track.${ownDomain}` };
}

export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;

export function neededRecords(domain: EmailDomainKeys, hosts: HeraldMailHosts): NeededRecord[] {
  const at = (host: string) => ({ host, name: host === '@' ? domain.domain : `${host}.${domain.domain}` });
  return [
    { kind: 'SPF', type: 'TXT', ...at('@'), value: `v=spf1 include:${hosts.spfInclude} ~all` },
    {
      kind: 'DKIM',
      type: 'TXT',
      ...at(`${domain.dkimSelector}._domainkey`),
      value: dkimRecordValue(domain.dkimPublicKey),
    },
    { kind: 'DMARC', type: 'TXT', ...at('_dmarc'), value: `v=DMARC1; p=none; rua=mailto:dmarc@${domain.domain}` },
    { kind: 'MX', type: 'MX', ...at('@'), value: `${MX_PRIORITY} ${hosts.mxHost}` },
    { kind: 'TRACKING', type: 'CNAME', ...at(domain.trackingPrefix), value: hosts.trackingTarget },
  ];
}
