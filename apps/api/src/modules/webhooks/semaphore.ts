/** At most `limit` holders at once; the rest wait their turn, first come first served. */
export const createSemaphore = (limit: number) => {
  let held = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (held < limit) {
      held += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else held -= 1;
  };
  return {
    acquire,
    release,
    /** Holders plus waiters: how busy it is. */
    load: () => held + waiting.length,
  };
};
export type Semaphore = ReturnType<typeof createSemaphore>;
