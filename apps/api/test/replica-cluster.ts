import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** PostgreSQL's server binaries of this machine (Debian keeps them out of PATH). */
const binDir = () => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = execFileSync('ls', [root]).toString().trim().split('\n').filter(Boolean).sort();
  const latest = versions.at(-1);
  return latest && existsSync(path.join(root, latest, 'bin', 'pg_basebackup'))
    ? path.join(root, latest, 'bin')
    : null;
};

/** Whether this machine can make a primary and a streaming replica of its own (PostgreSQL's binaries are here). */
export const canMakeReplica = () => binDir() !== null;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/**
 * A primary and a streaming replica of it, two clusters of their own in a temporary folder on free ports (the
 * machine's own PostgreSQL is untouched): initdb, then pg_basebackup -R for the replica. As root (CI) the clusters
 * run as the `postgres` user, since PostgreSQL refuses to run as root.
 */
export const startPrimaryAndReplica = async () => {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'laurel-replica-'));
  chmodSync(dir, 0o777);
  const run = (command: string, args: string[]) => {
    const full = path.join(bin, command);
    return asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
      : execFileSync(full, args, { stdio: 'pipe' });
  };
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  run('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const conf = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      'fsync = off',
      'shared_buffers = 32MB',
      '',
    ].join('\n');
  appendFileSync(path.join(primaryDir, 'postgresql.conf'), conf(primaryPort));
  appendFileSync(path.join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  const logOf = (name: string) => path.join(dir, `${name}.log`);
  run('pg_ctl', ['-D', primaryDir, '-l', logOf('primary'), '-w', 'start']);
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
  ]);
  // The replica's own port (its copied postgresql.conf names the primary's).
  appendFileSync(path.join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
  run('pg_ctl', ['-D', replicaDir, '-l', logOf('replica'), '-w', 'start']);
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    stop: () => {
      for (const dataDir of [replicaDir, primaryDir]) {
        try {
          run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // Already stopped.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
