/**
 * A webhook receiver in a process of its own (webhook-receiver.bench-process.ts) for the benches that deliver
 * webhooks (bench:webhooks, bench:engine): it answers every delivery with 200 after `delayMs` and counts what
 * arrived, over IPC.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The worker and the API must let deliveries go to a loopback receiver (they run with NODE_ENV=production). */
export const WEBHOOK_ENV = { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE: '1' };
const receiverScript = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'webhook-receiver.bench-process.ts',
);

export type ReceiverCounts = {
  distinct: number;
  total: number;
  duplicates: number;
  phaseDistinct: number;
  firstAt: number;
  lastAt: number;
};
export type ReceiverReport = ReceiverCounts & { latencies: number[]; cpuSeconds: number };

export const startReceiverProcess = async (delayMs: number) => {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', receiverScript], {
    env: { PATH: process.env.PATH ?? '', RECEIVER_DELAY_MS: String(delayMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`the receiver exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next('ready');
  const ask = async <T>(cmd: string, answer: string) => {
    const reply = next(answer);
    child.send({ cmd });
    return (await reply) as T;
  };
  return {
    child,
    url: `http://127.0.0.1:${ready.port}/hooks`,
    mark: () => ask<unknown>('mark', 'marked'),
    count: () => ask<ReceiverCounts>('count', 'count'),
    report: () => ask<ReceiverReport>('report', 'report'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
};
