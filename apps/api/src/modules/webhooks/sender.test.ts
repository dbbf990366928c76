import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createSender } from './sender';

/*
 * A URL naming an address is never looked up, so the connection's DNS guard does not see it: the sender checks it
 * against the policy of now, so an endpoint saved while the policy allowed its address is refused once it is tightened.
 */
const strict = createSender({ allowHttp: true, allowPrivate: false, allowLoopback: false }, 1);
const open = createSender({ allowHttp: true, allowPrivate: false, allowLoopback: true }, 1);
afterAll(async () => {
  await strict.close();
  await open.close();
});

describe('the sender and addresses in URLs', () => {
  it('refuses a loopback or private address the policy no longer allows, without connecting', async () => {
    let reached = 0;
    const receiver = createServer((_, res) => {
      reached += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      expect(await strict.send(`http://127.0.0.1:${port}/hooks`, '{}', {})).toMatchObject({
        delivered: false,
        statusCode: null,
        error: 'The host is a loopback address',
      });
      expect((await strict.send('http://[::ffff:10.0.0.7]/hooks', '{}', {})).error).toBe(
        'The host is a private address',
      );
      expect((await strict.send('http://169.254.169.254/latest', '{}', {})).error).toBe(
        'The host is a linkLocal address',
      );
      expect(reached).toBe(0);
      // Allowed by the policy, the same address is delivered to.
      expect(await open.send(`http://127.0.0.1:${port}/hooks`, '{}', {})).toMatchObject({
        delivered: true,
        statusCode: 200,
        excerpt: 'ok',
      });
      expect(reached).toBe(1);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
