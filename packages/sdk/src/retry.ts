/** The first retry waits about this long; each later one twice as long, up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 8_000;

/** 429 (refused before any work) and 5xx (the server or a proxy failed) are worth another try. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/**
 * Milliseconds a `Retry-After` header asks to wait (delta seconds or an HTTP date), or undefined when absent or
 * unreadable.
 */
export const retryAfterMs = (header: string | null, now = Date.now()): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

/** Exponential back-off with full jitter for retry number `attempt` (1, 2, …). */
export const backoffMs = (attempt: number, random = Math.random) =>
  Math.round(Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (attempt - 1)) * (0.5 + random() / 2));

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
