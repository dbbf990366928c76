import type { LookupAddress, LookupOptions } from 'node:dns';
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import { type AddressPolicy, refusalOf } from './address-policy';

/** Any 2xx within this counts (DESIGN §10). */
export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

export type SendResult = {
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
  delivered: boolean;
};

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup that refuses addresses the policy forbids, used by the connection itself: a host that resolved to a
 * public address when the endpoint was saved and to a private one now (DNS rebinding) is refused at connect time.
 */
const guardedLookup =
  (policy: AddressPolicy) => (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => refusalOf(entry.address, policy) !== null);
      if (refused) {
        const denied = Object.assign(
          new Error(`The host resolves to a ${refusalOf(refused.address, policy)} address`),
          {
            code: 'EADDRNOTALLOWED',
          },
        );
        return callback(denied, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error('No address'), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };

/** Why a URL whose host is an IP address may not receive deliveries now, or null (a name, or an allowed address). */
const literalRefusalOf = (url: string, policy: AddressPolicy) => {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return 'The URL is not valid';
  }
  if (!ipaddr.isValid(host)) return null;
  const refusal = refusalOf(host, policy);
  return refusal ? `The host is a ${refusal} address` : null;
};

/**
 * Posts deliveries: keep-alive connections per origin (undici's pool), at most `connections` per origin at once so
 * one slow receiver cannot take every socket, a 10 s limit on the whole exchange, redirects never followed (a 3xx
 * is a failed attempt: following one could lead into the host's network).
 */
export const createSender = (policy: AddressPolicy, connections: number) => {
  const agent = new Agent({
    connections,
    keepAliveTimeout: 30_000,
    headersTimeout: DELIVERY_TIMEOUT_MS,
    bodyTimeout: DELIVERY_TIMEOUT_MS,
    connect: { timeout: DELIVERY_TIMEOUT_MS, lookup: guardedLookup(policy) as never },
  });

  const send = async (url: string, body: string, headers: Record<string, string>): Promise<SendResult> => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    // An address in the URL is never looked up, so the connection's guard does not see it: checked here, so one
    // saved while the policy allowed it is refused once the policy is tightened.
    const literal = literalRefusalOf(url, policy);
    if (literal)
      return { statusCode: null, durationMs: elapsed(), excerpt: null, error: literal, delivered: false };
    const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
    try {
      const answer = await request(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'user-agent': 'Laurel-Webhooks/1', ...headers },
        dispatcher: agent,
        signal,
      });
      let excerpt = '';
      let bytes = 0;
      for await (const chunk of answer.body) {
        const part = chunk as Buffer;
        if (bytes < EXCERPT_BYTES) excerpt += part.subarray(0, EXCERPT_BYTES - bytes).toString('utf8');
        bytes += part.length;
        // The rest is read and dropped so the connection can be reused; a huge answer is cut off.
        if (bytes > 64 * 1024) {
          answer.body.destroy();
          break;
        }
      }
      const delivered = answer.statusCode >= 200 && answer.statusCode < 300;
      return {
        statusCode: answer.statusCode,
        durationMs: elapsed(),
        excerpt: excerpt || null,
        error: delivered
          ? null
          : answer.statusCode >= 300 && answer.statusCode < 400
            ? 'Redirects are not followed'
            : `The receiver answered ${answer.statusCode}`,
        delivered,
      };
    } catch (error) {
      const reason =
        signal.aborted || (error as { name?: string }).name === 'TimeoutError'
          ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
          : ((error as { cause?: Error }).cause?.message ?? (error as Error).message ?? String(error));
      return { statusCode: null, durationMs: elapsed(), excerpt: null, error: reason, delivered: false };
    }
  };

  return { send, close: () => agent.close() };
};
export type Sender = ReturnType<typeof createSender>;
