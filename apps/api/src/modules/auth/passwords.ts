import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id, memory-hard (DESIGN §3). */
export const hashPassword = (password: string) => hash(password);

// A real hash of a random password: checking it costs what a real check costs, so timing reveals nothing.
let decoyHash: Promise<string> | undefined;
export const verifyPassword = async (passwordHash: string | null, password: string) => {
  if (passwordHash === null) {
    decoyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
};

/** A single-use token for a link, and the SHA-256 that is all the database keeps of it. */
export const newLinkToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
};
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
