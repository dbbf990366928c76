import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: { id: string; type: string; data: Record<string, unknown> };
};

export type ReceiverOptions = {
  /** Answers this long after the body arrived (a slow receiver keeps deliveries in flight). */
  delayMs?: number;
  /** The status for a hook, before `answers` is consulted; undefined leaves it to them. */
  statusFor?: (hook: ReceivedWebhook) => number | undefined;
};

/**
 * A local HTTP receiver for webhook tests: records every POST, and answers the statuses of `answers` in turn (then
 * 200 for good). `url` is http://127.0.0.1:<port>/hooks, allowed outside production (a loopback host).
 */
export const startReceiver = async (answers: number[] = [], options: ReceiverOptions = {}) => {
  const received: ReceivedWebhook[] = [];
  /** Each hook's status as answered, in arrival order beside `received`. */
  const statuses: number[] = [];
  const queue = [...answers];
  let open = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const hook: ReceivedWebhook = { headers: request.headers, rawBody, body: JSON.parse(rawBody) };
      received.push(hook);
      const status = options.statusFor?.(hook) ?? queue.shift() ?? 200;
      statuses.push(status);
      const answer = () => {
        open -= 1;
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'ok' : 'receiver failed');
      };
      open += 1;
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    statuses,
    /** Requests received and not answered yet (deliveries in flight). */
    open: () => open,
    /** What arrived of one type. */
    ofType: (type: string) => received.filter((hook) => hook.body.type === type),
    answerNext: (...statuses: number[]) => queue.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
