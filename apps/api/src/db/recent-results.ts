/**
 * Results of a costly read, reused for `maxAgeMs` by every caller asking the same key; callers arriving while it
 * is being read share that one read. For figures where being a second old is invisible (a health status, the
 * count under a list of thousands), not for anything a permission or a balance depends on.
 */
export const recentResults = <T>(options: {
  maxAgeMs: number;
  maxEntries?: number;
  /** Whether a result is worth keeping (e.g. only large counts; small ones are cheap and should be exact). */
  keep?: (value: T) => boolean;
}) => {
  const maxEntries = options.maxEntries ?? 1_000;
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, read: () => Promise<T>): Promise<T> => {
    const now = performance.now();
    const found = entries.get(key);
    if (found && now - found.at < options.maxAgeMs) return found.value;
    const value = read();
    entries.delete(key);
    entries.set(key, { at: now, value });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    const forget = () => {
      if (entries.get(key)?.value === value) entries.delete(key);
    };
    // A failed read is not reused; a result not worth keeping serves only the callers that shared its read.
    value.then((result) => {
      if (options.keep && !options.keep(result)) forget();
    }, forget);
    return value;
  };
};
