import { API_PREFIX, ingestEvents } from '@laurel/contract';

/** Where integrators post events, on the host that serves this console. */
export const eventsUrl = (origin: string) => `${origin}${API_PREFIX}${ingestEvents.path}`;

/** Now to the second: an example with a future occurred_at would be refused. */
const nowIso = (now: Date) => `${now.toISOString().slice(0, 19)}Z`;

/** One `order.created` event, as a till would send it. */
export const exampleEvent = (now = new Date()) => ({
  id: 'till-7-000123',
  type: 'order.created',
  customer: { email: 'ayanda@example.com' },
  occurred_at: nowIso(now),
  data: { order_id: 'A-1009', total: 84.5 },
});

/** A curl command that sends the example event; the key stays a placeholder, since it is never shown again. */
export const curlExample = (origin: string, now = new Date()) => {
  const body = JSON.stringify(exampleEvent(now), null, 2)
    .split('\n')
    .map((line, index) => (index === 0 ? line : `  ${line}`))
    .join('\n');
  return [
    `curl -X POST ${eventsUrl(origin)} \\`,
    `  -H "Authorization: Bearer <your API key>" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${body}'`,
  ].join('\n');
};
