import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: { id: string; type: string; data: Record<string, unknown> };
};

/**
 * A local HTTP receiver for webhook tests: records every POST, and answers the statuses of `answers` in turn (then
 * 200 for good). `url` is http://127.0.0.1:<port>/hooks, allowed outside production (a loopback host).
 */
export const startReceiver = async (answers: number[] = []) => {
  const received: ReceivedWebhook[] = [];
  const queue = [...answers];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, rawBody, body: JSON.parse(rawBody) });
      const status = queue.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : 'receiver failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** What arrived of one type. */
    ofType: (type: string) => received.filter((hook) => hook.body.type === type),
    answerNext: (...statuses: number[]) => queue.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
