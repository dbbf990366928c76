/**
 * Labels that are the values themselves. Spec 1 names these options by value (COMING_SOON, FLAT-FEE, ONCE_OFF)
 * and its texts are used verbatim, so the console shows them as named rather than reworded.
 */
export const verbatimLabels = <T extends string>(values: readonly T[]): Record<T, string> =>
  Object.fromEntries(values.map((value): [string, string] => [value, value])) as Record<T, string>;
