import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@laurel/contract';
import { hash, verify } from '@node-rs/argon2';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { staffRecoveryCodes } from '../../db/schema';

// No 0/o, 1/l/i: a code copied from paper reads back the same.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const newCode = () => {
  let raw = '';
  for (let i = 0; i < 10; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

/** Case, spaces and dashes do not matter when a code is typed back. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Replaces the user's recovery codes with ten new ones; answers them in clear, the only time they exist so. */
export const issueRecoveryCodes = async (db: DbOrTx, userId: string) => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => hash(normalise(code))));
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ id: newId(), userId, codeHash })));
  return codes;
};

/**
 * Uses up one unused recovery code matching `code`. The UPDATE's `used_at IS NULL` makes it single-use even when
 * two requests race with the same code: only one gets the row back.
 */
export const consumeRecoveryCode = async (db: DbOrTx, userId: string, code: string) => {
  const typed = normalise(code);
  if (typed.length !== 10) return false;
  const unused = await db
    .select({ id: staffRecoveryCodes.id, codeHash: staffRecoveryCodes.codeHash })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verify(row.codeHash, typed).catch(() => false))) continue;
    const [used] = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(staffRecoveryCodes.id, row.id), isNull(staffRecoveryCodes.usedAt)))
      .returning({ id: staffRecoveryCodes.id });
    return used !== undefined;
  }
  return false;
};

export const recoveryCodesLeft = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
};

export const deleteRecoveryCodes = (db: DbOrTx, userId: string) =>
  db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
