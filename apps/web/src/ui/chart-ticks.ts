/** At most this many gaps between a value axis's labels. */
const TICKS = 4;

/** A whole step of 1, 2 or 5 times a power of ten that splits `max` into at most TICKS parts. */
const stepFor = (max: number) => {
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? raw;
  return Math.max(1, step);
};

/** A chart's value axis: 0 up to a round top at or above the highest value (the console's own charts). */
export const valueTicks = (max: number) => {
  if (max <= 0) return [0];
  const step = stepFor(max);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
};
