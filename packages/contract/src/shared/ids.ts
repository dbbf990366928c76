import { z } from 'zod';

/** Ids are 24 hexadecimal characters (spec 1 §2.11, DESIGN §4); generated ids are lowercase. */
export const ID_LENGTH = 24;
export const ID_REGEX = /^[0-9a-fA-F]{24}$/;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_REGEX.test(value);

export const ZId = z.string().regex(ID_REGEX, 'Invalid id');
export type TId = z.infer<typeof ZId>;
