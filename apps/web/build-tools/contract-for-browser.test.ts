import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { foldEnumReads, splitContractModule } from './contract-for-browser';

const ID = '/repo/packages/contract/src/staff/things.ts';
const resolve = async (source: string) =>
  source.startsWith('.') ? path.resolve(path.dirname(ID), `${source}.ts`) : `/repo/node_modules/${source}`;

// What the plugin receives: the contract file with its types already stripped.
const source = `import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

export const ZThingStatus = z.enum(['ACTIVE', 'INACTIVE']);
export const THING_STATUSES = ZThingStatus.options;
export const ZLiveThingStatus = ZThingStatus.exclude(['INACTIVE']);
export const LIVE_THING_STATUSES = ZLiveThingStatus.options;
export const ZAnyThingStatus = z.enum([...ZThingStatus.options, 'ARCHIVED']);
export const ANY_THING_STATUSES = ZAnyThingStatus.options;
export const THING_MESSAGES = { notFound: 'The thing could not be found.' };
const ZThing = z.object({ name: z.string(), status: ZThingStatus });
export const isActive = (thing) => thing.status === ZThingStatus.enum.ACTIVE;
export const getThing = defineEndpoint({
  method: 'GET',
  path: '/things/:id',
  token: 'client',
  params: z.object({ id: z.string() }),
  response: envelopeOf(ZThing),
});
const listOf = (path, content) => defineEndpoint({ method: 'GET', path, response: envelopeOf(content) });
export const listThings = listOf('/things', z.array(ZThing));
`;

describe('the contract for the browser', () => {
  it('writes out the values an enum gives in its own file', () => {
    const folded = foldEnumReads(source, ID);
    expect(folded).toContain('export const THING_STATUSES = ["ACTIVE","INACTIVE"];');
    expect(folded).toContain('thing.status === "ACTIVE"');
    expect(folded).toContain('export const LIVE_THING_STATUSES = ["ACTIVE"];');
    expect(folded).toContain('export const ANY_THING_STATUSES = ["ACTIVE","INACTIVE","ARCHIVED"];');
  });

  it('gives each declaration its own module, importing only what it reads, and endpoints without schemas', async () => {
    const split = await splitContractModule(source, ID, resolve);
    if (!split) throw new Error('the file was not split');
    const unit = (name: string) => {
      const found = [...split.modules].find(([id]) => id.endsWith(`#${name}`));
      if (!found) throw new Error(`no module for ${name}`);
      return found[1];
    };
    expect(unit('THING_STATUSES')).toBe('export const THING_STATUSES = ["ACTIVE","INACTIVE"];\n');
    expect(unit('THING_MESSAGES')).not.toContain('import');
    expect(unit('isActive')).not.toContain('zod');
    expect(unit('getThing')).not.toMatch(/zod|params|response|envelope/);
    expect(unit('getThing')).toContain("path: '/things/:id'");
    expect(unit('listThings')).not.toMatch(/zod|ZThing/);
    expect(unit('listThings')).toContain("listOf('/things', undefined)");
    expect(unit('ZThing')).toContain('from "/repo/node_modules/zod"');
    // The file itself re-exports what it exported, and nothing it kept to itself.
    expect(split.code).toContain('export { THING_STATUSES } from');
    expect(split.code).not.toContain('export { ZThing }');
    for (const code of [split.code, ...split.modules.values()])
      expect(() => parseSync('unit.js', code)).not.toThrow();
  });

  it('leaves a file whole when it runs code at its top level', async () => {
    expect(await splitContractModule(`${source}\nregister(ZThing);\n`, ID, resolve)).toBeNull();
  });

  it('splits every file of the contract into modules that parse', async () => {
    const root = path.resolve(import.meta.dirname, '../../../packages/contract/src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    let split = 0;
    for (const file of files) {
      const id = path.join(root, file);
      const { code } = await transformWithOxc(readFileSync(id, 'utf8'), id);
      const result = await splitContractModule(code, id, async (specifier) => specifier);
      if (!result) continue;
      split += 1;
      for (const unit of result.modules.values()) expect(() => parseSync('unit.js', unit)).not.toThrow();
    }
    expect(split).toBeGreaterThan(files.length / 2);
  });
});
