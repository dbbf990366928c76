/**
 * Definitions the steps read and never change (statistics, segments, reward tracks, earn rules, challenges): read
 * once per claimed batch and set of clients, however many rounds and steps ask for them, instead of once per step
 * and round.
 */
export type DefinitionCache = <T>(
  kind: string,
  clientIds: readonly string[],
  load: () => Promise<T>,
) => Promise<T>;

export const createDefinitionCache = (): DefinitionCache => {
  const loaded = new Map<string, Promise<unknown>>();
  return <T>(kind: string, clientIds: readonly string[], load: () => Promise<T>) => {
    const key = `${kind}\u0000${[...new Set(clientIds)].sort().join(',')}`;
    let value = loaded.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      loaded.set(key, value);
      // A failed read is not kept: the batch's retry (each event alone) reads again.
      value.catch(() => loaded.delete(key));
    }
    return value;
  };
};
