import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LaurelWebhookEvent, verifyWebhook } from '../../../../packages/sdk/src/webhooks';

export type TReceivedWebhook = {
  headers: IncomingHttpHeaders;
  /** The body as verified with the SDK, or why verification refused it. */
  event: LaurelWebhookEvent | null;
  refusal: string | null;
};

/**
 * An integrator's receiver on http://127.0.0.1:<port>/hooks (loopback: allowed outside production). It checks each
 * delivery's Laurel-Signature with the SDK's verifyWebhook once it knows the secret, answering 200 when it holds
 * and 400 when it does not, as a receiver should.
 */
export const startWebhookReceiver = async () => {
  const received: TReceivedWebhook[] = [];
  let secret = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      try {
        const event = await verifyWebhook(secret, request.headers, rawBody);
        received.push({ headers: request.headers, event, refusal: null });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ received: event.id }));
      } catch (error) {
        received.push({ headers: request.headers, event: null, refusal: String(error) });
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('signature refused');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The secret the console showed once: from now on deliveries are checked with it. */
    trustSecret: (value: string) => {
      secret = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
