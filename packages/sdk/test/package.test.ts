import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The package as an integrator gets it: built into a temporary directory (tsup, then tsc's declarations), copied
 * into a project outside the monorepo with zod beside it, then type-checked the way Node (nodenext) and browser
 * (bundler, DOM) projects check it, and run by plain Node.
 */

const run = promisify(execFile);
const SDK = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.join(SDK, '..', '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

let work: string;
let project: string;

const consumerTs = `
import { Laurel, LaurelError, operations, verifyWebhook, type LaurelWebhookEvent } from '@laurel/sdk';

export const main = async (baseUrl: string) => {
  const laurel = new Laurel({ apiKey: 'lk_test', baseUrl, maxRetries: 1 });
  const customer = await laurel.customers.enrol({ external_id: 'crm-1', name: 'Ayanda', surname: 'Nkosi' });
  const id: string = customer._id;
  const player = await laurel.players.get(id);
  const logins: number | undefined = player.statistics.numberOfLogins;
  const redemption = await laurel.players.redeem(id, { reward_id: '5f1c2b3a4d5e6f7a8b9c0d1e' });
  const code: string | null = redemption.coupon_code;
  // @ts-expect-error reward_id is required
  await laurel.players.redeem(id, {});
  const enrolled = await laurel.request(operations.customers.enrol, { body: { email: 'a@example.com', name: 'A', surname: 'B' } });
  const created: boolean = enrolled.status === 201 && enrolled.body.content._id !== '';
  const event: LaurelWebhookEvent = await verifyWebhook('whsec_x', new Headers(), '{}');
  return { id, logins, code, created, event, isError: new LaurelError('x', { status: 0 }) instanceof Error };
};
`;

// The node project also checks the shipped declarations themselves (skipLibCheck off); the browser one, as most
// projects do, only how they are used.
const tsconfigs = {
  node: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2022'],
    types: ['node'],
    skipLibCheck: false,
  },
  browser: {
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022', 'dom'],
    types: [],
    skipLibCheck: true,
  },
};

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'laurel-sdk-package-'));
  const dist = path.join(work, 'dist');
  await run(bin('tsup'), ['--out-dir', dist, '--silent'], { cwd: SDK });
  await run(process.execPath, [path.join(SDK, 'scripts', 'build-types.mjs'), '--out', dist], { cwd: SDK });

  project = path.join(work, 'consumer');
  const installed = path.join(project, 'node_modules', '@laurel', 'sdk');
  mkdirSync(installed, { recursive: true });
  cpSync(path.join(SDK, 'package.json'), path.join(installed, 'package.json'));
  cpSync(dist, path.join(installed, 'dist'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules', 'zod'), path.join(project, 'node_modules', 'zod'), 'dir');
  mkdirSync(path.join(project, 'node_modules', '@types'));
  symlinkSync(
    path.join(ROOT, 'node_modules', '@types', 'node'),
    path.join(project, 'node_modules', '@types', 'node'),
    'dir',
  );
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
  writeFileSync(path.join(project, 'consumer.ts'), consumerTs);
  for (const [name, options] of Object.entries(tsconfigs)) {
    writeFileSync(
      path.join(project, `tsconfig.${name}.json`),
      JSON.stringify({
        compilerOptions: { ...options, target: 'es2022', strict: true, noEmit: true },
        files: ['consumer.ts'],
      }),
    );
  }
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the built package', () => {
  it('is one ESM file that imports nothing (no Node built-ins, no zod at run time)', () => {
    const bundle = readFileSync(
      path.join(project, 'node_modules', '@laurel', 'sdk', 'dist', 'index.js'),
      'utf8',
    );
    expect(bundle.match(/^\s*import\s.*$/gm) ?? []).toEqual([]);
    expect(bundle).not.toMatch(/\brequire\(|node:/);
    expect(bundle).toMatch(/export \{[^}]*\bLaurel\b[^}]*\bverifyWebhook\b/s);
  });

  it.each(Object.keys(tsconfigs))(
    'type-checks in a %s project with the contract types inside',
    async (name) => {
      const checked = await run(bin('tsc'), ['-p', `tsconfig.${name}.json`], { cwd: project }).then(
        () => 'no errors',
        (error: { stdout: string }) => error.stdout,
      );
      expect(checked).toBe('no errors');
    },
  );

  describe('run by plain Node', () => {
    let server: Server;
    let url: string;
    let answered = 0;

    beforeAll(async () => {
      server = createServer((req, res) => {
        answered += 1;
        // First a 429 asking for a short wait, then the player.
        if (answered === 1) {
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
          res.end(JSON.stringify({ success: false, message: 'Too many requests', content: null }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            success: true,
            message: 'OK',
            content: { customer_id: req.url?.split('/').pop(), key: req.headers['x-api-key'] },
          }),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });

    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('reads a player after a 429 and verifies a webhook', async () => {
      const secret = 'whsec_package_test';
      const body = JSON.stringify({
        id: 'wh_1',
        type: 'tier.changed',
        created_at: '',
        client_id: 'c',
        data: {},
      });
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
      const script = `
        import { Laurel, verifyWebhook } from '@laurel/sdk';
        const laurel = new Laurel({ apiKey: 'lk_node', baseUrl: ${JSON.stringify(url)} });
        const player = await laurel.players.get('5f1c2b3a4d5e6f7a8b9c0d1e');
        const event = await verifyWebhook(${JSON.stringify(secret)}, { 'laurel-signature': 't=${t},v1=${v1}' }, ${JSON.stringify(body)});
        console.log(JSON.stringify({ player, type: event.type }));
      `;
      writeFileSync(path.join(project, 'run.mjs'), script);
      const { stdout } = await run(process.execPath, ['run.mjs'], { cwd: project });
      expect(JSON.parse(stdout)).toEqual({
        player: { customer_id: '5f1c2b3a4d5e6f7a8b9c0d1e', key: 'lk_node' },
        type: 'tier.changed',
      });
      expect(answered).toBe(2);
    });
  });
});
