import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConsoleFiles, missingAssets } from './console-files';

const dirs: string[] = [];
const distWith = async (files: Record<string, string>) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'laurel-dist-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const INDEX =
  '<script type="module" src="/assets/index-abc.js"></script><link rel="stylesheet" href="/assets/index-def.css">';

describe('the built console read at start-up', () => {
  it('waits for a build caught half-way: the assets index.html names arrive, then all are served', async () => {
    const dir = await distWith({ 'index.html': INDEX, 'assets/index-def.css': 'body{}' });
    setTimeout(() => void writeFile(path.join(dir, 'assets/index-abc.js'), 'console.log(1)'), 150);
    const files = await loadConsoleFiles(dir, { attempts: 40, delayMs: 25 });
    expect(missingAssets(files)).toEqual([]);
    expect(files.get('/assets/index-abc.js')?.identity.toString()).toBe('console.log(1)');
    expect(files.get('/assets/index-abc.js')?.cacheControl).toContain('immutable');
  });

  it('gives up waiting after its attempts and serves what is there', async () => {
    const dir = await distWith({ 'index.html': INDEX });
    const files = await loadConsoleFiles(dir, { attempts: 2, delayMs: 5 });
    expect(missingAssets(files)).toEqual(['/assets/index-abc.js', '/assets/index-def.css']);
    expect(files.has('/index.html')).toBe(true);
  });
});
