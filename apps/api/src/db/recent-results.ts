type Entry<T> = {
  /** When the read behind `value` began (performance.now()). */
  at: number;
  value: Promise<T>;
  /** The last result, once there is one: served while a newer read is under way. */
  settled?: { value: T };
  refreshing: boolean;
};

/**
 * Results of a costly read, reused for `maxAgeMs` by every caller asking the same key; callers arriving while the
 * first read is under way share it. Past `maxAgeMs` one caller starts a new read and, until it is done, everyone
 * is answered with the previous result, so that nobody waits on a refresh: a result is at most `maxAgeMs` plus
 * one read old. For figures where that is invisible (a health status, the count under a list of thousands), not
 * for anything a permission or a balance depends on.
 */
export const recentResults = <T>(options: {
  maxAgeMs: number;
  maxEntries?: number;
  /** Whether a result is worth keeping (e.g. only large counts; small ones are cheap and should be exact). */
  keep?: (value: T) => boolean;
}) => {
  const maxEntries = options.maxEntries ?? 1_000;
  const entries = new Map<string, Entry<T>>();

  const start = (key: string, read: () => Promise<T>, previous?: Entry<T>) => {
    const entry: Entry<T> = { at: performance.now(), value: read(), refreshing: false };
    if (previous?.settled) {
      previous.refreshing = true;
    } else {
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    entry.value.then(
      (result) => {
        if (options.keep && !options.keep(result)) {
          if (entries.get(key) === (previous ?? entry)) entries.delete(key);
          return;
        }
        entry.settled = { value: result };
        if (!previous || entries.get(key) === previous) entries.set(key, entry);
      },
      // A failed read is not reused, nor is what it was refreshing: the next caller reads again.
      () => {
        if (entries.get(key) === (previous ?? entry)) entries.delete(key);
      },
    );
    return entry.value;
  };

  return (key: string, read: () => Promise<T>): Promise<T> => {
    const found = entries.get(key);
    if (!found) return start(key, read);
    if (performance.now() - found.at < options.maxAgeMs) return found.value;
    if (!found.settled) return found.value;
    if (!found.refreshing) void start(key, read, found).catch(() => {});
    return Promise.resolve(found.settled.value);
  };
};
