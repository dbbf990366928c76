import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { type TWebhookUrlFormProblem, webhookUrlFormProblem } from '@laurel/contract';
import ipaddr from 'ipaddr.js';

/** Where deliveries may go (DESIGN §10), from the configuration. */
export type AddressPolicy = { allowHttp: boolean; allowPrivate: boolean; allowLoopback: boolean };

/** The address's range as ipaddr.js names it ('unicast' is a public address); IPv4-mapped IPv6 as its IPv4. */
const rangeOf = (address: string) => ipaddr.process(address).range();

const ipv4Compatible = (address: string) => {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);
};

/** Why an address may not receive deliveries, or null when it may. */
export const refusalOf = (address: string, policy: AddressPolicy): string | null => {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const range = rangeOf(address);
  // ::a.b.c.d (IPv4-compatible, deprecated) is 'unicast' to ipaddr.js, yet reaches a.b.c.d on some stacks: never.
  if (range === 'unicast' && ipv4Compatible(address)) return 'ipv4Compatible';
  if (range === 'unicast') return null;
  if (range === 'loopback') return policy.allowLoopback || policy.allowPrivate ? null : 'loopback';
  if (policy.allowPrivate && (range === 'private' || range === 'uniqueLocal' || range === 'carrierGradeNat'))
    return null;
  // Link-local (169.254/16: the cloud metadata service), multicast, unspecified, reserved: never.
  return range;
};

export type UrlProblem = TWebhookUrlFormProblem | 'private' | 'unresolved';

/** Every address the host resolves to; each must be allowed (a name with one private address is refused). */
export const resolveAll = async (hostname: string): Promise<LookupAddress[]> => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) return [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  return lookup(bare, { all: true, verbatim: true });
};

/**
 * The URL's form (the contract's rule, which the console checks too, with this server's configuration) and its
 * host's addresses, as at creation and on every change.
 */
export const urlProblem = async (raw: string, policy: AddressPolicy): Promise<UrlProblem | null> => {
  const form = webhookUrlFormProblem(raw, policy);
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
