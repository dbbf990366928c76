import { randomBytes } from 'node:crypto';

/** 24-character lowercase hex ids, generated in the app (DESIGN §4). */
export const newId = (): string => randomBytes(12).toString('hex');
