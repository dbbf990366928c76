import { describe, expect, it } from 'vitest';
import { addCustomer, createApiKey, createClientAndSignIn, eventFor } from './factories';
import { overHttp } from './over-http';
import { createServerDatabase } from './server-database';
import { exitOf, type ServerProcess, startServer } from './server-process';

/*
 * DESIGN §5: events are stored first, then processed. An acknowledgement (2xx) promises the event is stored: an API
 * process killed with SIGKILL while several integrators send must lose none of them, and after the restart each
 * event counts once (the in-process engine was killed too, mid-batch or not).
 */

const SENDERS = 6;
const EVENTS_PER_REQUEST = 25;
const CUSTOMERS = 10;
/** The API is killed once this many events have been acknowledged. */
const KILL_AFTER = 1_000;

type Login = ReturnType<typeof eventFor>;
type Answer = { id: string; status: string };

const post = async (server: ServerProcess, key: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { content: Answer | Answer[] } };
};

describe('an API process killed with SIGKILL while integrators send events', () => {
  it('loses no acknowledged event; after a restart each is in the log once and counts once', async () => {
    const database = await createServerDatabase('ingest-crash');
    const env = {
      ...database.env,
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
    };
    const servers: ServerProcess[] = [];
    try {
      const first = await startServer(env);
      servers.push(first);
      const app = overHttp(first.url);
      const admin = await createClientAndSignIn(app, { plan: 'STARTER' });
      const { key } = await createApiKey(app, admin);
      const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => addCustomer(app, admin)));

      const sent = new Map<string, Login>();
      const acknowledged = new Set<string>();
      const wrongAnswers: string[] = [];
      let inFlight = 0;
      let inFlightAtKill = 0;
      let stop = false;
      // Each sender posts batches back to back (every fifth request a single event) and sometimes sends its last
      // batch again, as an integrator retrying a timeout does.
      const sender = async (index: number) => {
        let previous: Login[] = [];
        for (let round = 0; !stop; round += 1) {
          const resend = previous.length > 0 && round % 7 === 3;
          const events = resend
            ? previous
            : Array.from({ length: round % 5 === 0 ? 1 : EVENTS_PER_REQUEST }, (_, n) =>
                eventFor(customers[(index + n + round) % CUSTOMERS] as string, {
                  occurred_at: new Date(Date.now() - 60_000).toISOString(),
                }),
              );
          for (const event of events) sent.set(event.id, event);
          previous = events;
          inFlight += 1;
          const single = events.length === 1;
          const answer = await post(first, key, single ? events[0] : { events }).catch(() => undefined);
          inFlight -= 1;
          if (!answer) return; // the server died under this request: not acknowledged
          const answers = Array.isArray(answer.body.content) ? answer.body.content : [answer.body.content];
          const okStatus = single ? [200, 202] : [200];
          if (!okStatus.includes(answer.status))
            wrongAnswers.push(`${answer.status} ${JSON.stringify(answer.body)}`);
          events.forEach((event, n) => {
            const status = answers[n]?.status;
            if (answers[n]?.id !== event.id || (status !== 'accepted' && status !== 'duplicate')) {
              wrongAnswers.push(`${event.id}: ${JSON.stringify(answers[n])}`);
            } else {
              acknowledged.add(event.id);
            }
          });
        }
      };
      const senders = Array.from({ length: SENDERS }, (_, index) => sender(index));
      while (acknowledged.size < KILL_AFTER) await new Promise((resolve) => setTimeout(resolve, 5));
      inFlightAtKill = inFlight;
      first.child.kill('SIGKILL');
      stop = true;
      await Promise.all(senders);
      expect((await exitOf(first.child)).signal).toBe('SIGKILL');
      expect(wrongAnswers).toEqual([]);
      // The kill landed mid-stream: requests were on their way.
      expect(inFlightAtKill).toBeGreaterThan(0);

      const second = await startServer(env);
      servers.push(second);
      // Every acknowledged event is in the log with its payload: sent again, each is a duplicate.
      const ackedEvents = [...acknowledged].map((id) => sent.get(id) as Login);
      for (let start = 0; start < ackedEvents.length; start += 500) {
        const answer = await post(second, key, { events: ackedEvents.slice(start, start + 500) });
        expect(answer.status).toBe(200);
        const notDuplicate = (answer.body.content as Answer[]).filter((a) => a.status !== 'duplicate');
        expect(notDuplicate).toEqual([]);
      }
      // The integrator retries what was never acknowledged: stored or not, it is taken once now. (Usually some
      // are, but not always: the requests in flight at the kill may all have been resends of acknowledged batches.)
      const unanswered = [...sent.values()].filter((event) => !acknowledged.has(event.id));
      for (let start = 0; start < unanswered.length; start += 500) {
        const answer = await post(second, key, { events: unanswered.slice(start, start + 500) });
        expect(answer.status).toBe(200);
        const wrong = (answer.body.content as Answer[]).filter(
          (a) => a.status !== 'accepted' && a.status !== 'duplicate',
        );
        expect(wrong).toEqual([]);
      }

      // The engine (in-process, killed with the API) applies each login exactly once.
      const expected = new Map(customers.map((id) => [id, 0]));
      for (const event of sent.values()) {
        expected.set(event.customer._id, (expected.get(event.customer._id) ?? 0) + 1);
      }
      const logins = async () =>
        Promise.all(
          customers.map(async (id) => {
            const res = await fetch(`${second.url}/api/v1/players/${id}`, { headers: { 'x-api-key': key } });
            const body = (await res.json()) as { content: { statistics: Record<string, number> } };
            return [id, body.content.statistics.numberOfLogins ?? 0] as const;
          }),
        );
      let seen = await logins();
      const deadline = Date.now() + 30_000;
      while (seen.some(([id, n]) => n !== expected.get(id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        seen = await logins();
      }
      expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(expected));

      second.child.kill('SIGTERM');
      expect(await exitOf(second.child)).toEqual({ code: 0, signal: null });

      // The log itself: each event sent is there once, processed.
      const db = await database.open();
      try {
        const rows = await db.query<{ external_id: string; status: string }>(
          'SELECT external_id, status FROM events WHERE client_id = $1',
          [admin.clientId],
        );
        expect(rows).toHaveLength(sent.size);
        expect(new Set(rows.map((row) => row.external_id))).toEqual(new Set(sent.keys()));
        expect(rows.filter((row) => row.status !== 'processed')).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await Promise.all(servers.map((server) => exitOf(server.child)));
      await database.close();
    }
  }, 120_000);
});
