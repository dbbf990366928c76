/**
 * The webhooks bench's receiver (`npm run bench:webhooks`), run as a process of its own so that its work does not
 * share the bench's event loop: answers every POST with 200 after RECEIVER_DELAY_MS (default 5), and counts what
 * arrived. Each body's `created_at` (the effect's time, set where the effect is written) is compared on arrival with
 * this process's clock (the same machine's): the effect-to-delivery latency. Talks to the bench over IPC:
 * `{ cmd: 'mark' }` starts a phase (latencies kept from then on), `{ cmd: 'count' }` and `{ cmd: 'report' }` answer
 * the counts, the report with the phase's latencies.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const DELAY_MS = Number(process.env.RECEIVER_DELAY_MS ?? 5);
const seen = new Set<string>();
let total = 0;
let duplicates = 0;
let phaseDistinct = 0;
let latencies: number[] = [];
let firstAt = 0;
let lastAt = 0;
let cpuAtMark = process.cpuUsage();

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const now = Date.now();
    total += 1;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; created_at: string };
      const id = String(request.headers['laurel-webhook-id'] ?? body.id);
      if (seen.has(id)) duplicates += 1;
      else {
        seen.add(id);
        phaseDistinct += 1;
        latencies.push(now - Date.parse(body.created_at));
        if (firstAt === 0) firstAt = now;
        lastAt = now;
      }
    } catch {
      response.writeHead(400).end('bad body');
      return;
    }
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    }, DELAY_MS);
  });
});
// The dispatcher keeps its connections open between deliveries (keep-alive): so does the receiver.
server.keepAliveTimeout = 60_000;

const counts = () => ({ distinct: seen.size, total, duplicates, phaseDistinct, firstAt, lastAt });

process.on('message', (message: { cmd: string }) => {
  if (message.cmd === 'mark') {
    latencies = [];
    phaseDistinct = 0;
    firstAt = 0;
    lastAt = 0;
    cpuAtMark = process.cpuUsage();
    process.send?.({ type: 'marked' });
  } else if (message.cmd === 'count') {
    process.send?.({ type: 'count', ...counts() });
  } else if (message.cmd === 'report') {
    const cpu = process.cpuUsage(cpuAtMark);
    process.send?.({ type: 'report', ...counts(), latencies, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
});
