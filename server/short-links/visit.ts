import { createHash } from 'node:crypto';
import { isPublicAddress } from '../lib/public-address';
import geoip from 'geoip-country';
import { UAParser } from 'ua-parser-js';

// What one redirect hit tells, privacy-preserving: no raw IP is kept. The visitor key is a hash of the
// day's random salt, the IP and the user agent (the salt is deleted after two days, so a key cannot be
// traced back or linked across days); the country comes from the IP-to-country database of geoip-country
// (MaxMind GeoLite2 data shipped inside the npm package); device, OS and browser from ua-parser-js.

export interface VisitRequest {
  ip: string;
  userAgent: string;
  referer: string;
  acceptLanguage: string;
}

export interface VisitFacts {
  visitor: string;
  referrer: string;
  device: string;
  os: string;
  browser: string;
  language: string;
  country: string;
}

export const UNKNOWN = 'unknown';
export const DIRECT = 'direct';

/** The address without the IPv4-mapped IPv6 prefix. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** ISO 3166-1 alpha-2, or 'unknown' for loopback, private, unparsable and unlisted addresses. */
export function countryOf(ip: string): string {
  const address = plainAddress(ip);
  if (!isPublicAddress(address)) return UNKNOWN;
  return geoip.lookup(address)?.country ?? UNKNOWN;
}

/** The referring page's host name, 'direct' when there is none. */
export function referrerHost(referer: string): string {
  if (!referer || !URL.canParse(referer)) return DIRECT;
  const host = new URL(referer).hostname.toLowerCase();
  return host ? host.slice(0, 253) : DIRECT;
}

const LANGUAGE_TAG = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i;

/** The first (preferred) tag of Accept-Language, as language-REGION (zh-CN, en-US, fr); 'unknown' otherwise. */
export function preferredLanguage(acceptLanguage: string): string {
  const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim() ?? '';
  if (!LANGUAGE_TAG.test(first) || first === '*') return UNKNOWN;
  const [language, region] = first.split('-');
  return region && region.length === 2 ? `${language.toLowerCase()}-${region.toUpperCase()}` : language.toLowerCase();
}

/** desktop when the parser names no device type (it names mobile, tablet, smarttv, console, wearable…). */
export function agentFacts(userAgent: string): Pick<VisitFacts, 'device' | 'os' | 'browser'> {
  const result = new UAParser(userAgent.slice(0, 512)).getResult();
  return {
    device: result.device.type ?? (userAgent ? 'desktop' : UNKNOWN),
    os: result.os.name ?? UNKNOWN,
    browser: result.browser.name ?? UNKNOWN,
  };
}

export function visitorKey(daySalt: Buffer, ip: string, userAgent: string): string {
  return createHash('sha256')
    .update(daySalt)
    .update('\0')
    .update(ip)
    .update('\0')
    .update(userAgent)
    .digest('base64url')
    .slice(0, 22);
}

export function describeVisit(request: VisitRequest, daySalt: Buffer): VisitFacts {
  return {
    visitor: visitorKey(daySalt, plainAddress(request.ip), request.userAgent),
    referrer: referrerHost(request.referer),
    ...agentFacts(request.userAgent),
    language: preferredLanguage(request.acceptLanguage),
    country: countryOf(request.ip),
  };
}
