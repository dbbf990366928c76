import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Where deliveries may go (DESIGN §10), from the configuration. */
export type AddressPolicy = { allowHttp: boolean; allowPrivate: boolean; allowLoopback: boolean };

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain']);

/** The address's range as ipaddr.js names it ('unicast' is a public address); IPv4-mapped IPv6 as its IPv4. */
const rangeOf = (address: string) => ipaddr.process(address).range();

/** Why an address may not receive deliveries, or null when it may. */
export const refusalOf = (address: string, policy: AddressPolicy): string | null => {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const range = rangeOf(address);
  if (range === 'unicast') return null;
  if (range === 'loopback') return policy.allowLoopback || policy.allowPrivate ? null : 'loopback';
  if (policy.allowPrivate && (range === 'private' || range === 'uniqueLocal' || range === 'carrierGradeNat'))
    return null;
  // Link-local (169.254/16: the cloud metadata service), multicast, unspecified, reserved: never.
  return range;
};

const isLoopbackHost = (hostname: string) => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (LOOPBACK_NAMES.has(bare.toLowerCase())) return true;
  return ipaddr.isValid(bare) && rangeOf(bare) === 'loopback';
};

export type UrlProblem = 'invalid' | 'not_https' | 'credentials' | 'private' | 'unresolved';

/** Checks the URL's form: absolute http(s), https unless a loopback host or WEBHOOK_ALLOW_HTTP, no credentials. */
export const urlFormProblem = (raw: string, policy: AddressPolicy): UrlProblem | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  if (!url.hostname) return 'invalid';
  if (url.username || url.password) return 'credentials';
  if (
    url.protocol === 'http:' &&
    !policy.allowHttp &&
    !(policy.allowLoopback && isLoopbackHost(url.hostname))
  )
    return 'not_https';
  return null;
};

/** Every address the host resolves to; each must be allowed (a name with one private address is refused). */
export const resolveAll = async (hostname: string): Promise<LookupAddress[]> => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) return [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  return lookup(bare, { all: true, verbatim: true });
};

/** The URL's form and its host's addresses, as at creation and on every change. */
export const urlProblem = async (raw: string, policy: AddressPolicy): Promise<UrlProblem | null> => {
  const form = urlFormProblem(raw, policy);
  if (form) return form;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(new URL(raw).hostname);
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.some((entry) => refusalOf(entry.address, policy) !== null) ? 'private' : null;
};
