import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertMediaKey, type MediaProvider } from './media-provider';

/** Files under `<dataDir>/media`, which the app serves at `<publicUrl>/media/`. */
export const createLocalMedia = (options: { dataDir: string; publicUrl: string }): MediaProvider => {
  const root = path.join(options.dataDir, 'media');
  return {
    name: 'local',
    put: async ({ key, body }) => {
      assertMediaKey(key);
      const target = path.join(root, ...key.split('/'));
      const exists = await stat(target).then(
        (found) => found.size === body.length,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(target), { recursive: true });
        // Written aside and renamed, so /media never serves half a file.
        const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
        await writeFile(partial, body);
        await rename(partial, target);
      }
      return { location: `${options.publicUrl}/media/${key}` };
    },
  };
};
