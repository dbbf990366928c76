import type { TEnvelope, TPagination } from '@laurel/contract';

export const ok = <T>(content: T, message = 'OK', pagination?: TPagination): TEnvelope<T> =>
  pagination ? { success: true, message, content, pagination } : { success: true, message, content };

export const failure = <T>(message: string, content: T): TEnvelope<T> => ({
  success: false,
  message,
  content,
});
