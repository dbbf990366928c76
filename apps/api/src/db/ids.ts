import { randomBytes } from 'node:crypto';

// Ids are ordered by time, as MongoDB's ObjectIds are: 4 bytes of seconds, 5 random bytes fixed per process, and a
// 3-byte counter. New rows then land at the right-hand edge of every index keyed by id (the primary keys, the
// ledger's and wallets' customer columns) instead of on a random page each: inserts touch a few pages, not one a
// row, and write far less WAL. The random part keeps processes apart; ids are never secrets (tokens are separate).
const processPart = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/** 24-character lowercase hex ids, generated in the app (DESIGN §4), increasing within a process. */
export const newId = (): string => {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${processPart}${counter.toString(16).padStart(6, '0')}`;
};
