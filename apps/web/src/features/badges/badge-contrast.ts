import type { TBadgeThemeKey } from '@laurel/contract';
import { luminance } from '@mantine/core';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG's contrast ratio of two hex colours (1 to 21), or null when either is not one yet. */
export const contrastRatio = (a: string, b: string) => {
  if (!HEX.test(a) || !HEX.test(b)) return null;
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

/** The preview's words on the card: the name is large and bold (3:1 reads well), the sub copy small (4.5:1). */
const READABLE: { key: Extract<TBadgeThemeKey, 'name' | 'sub_copy'>; ratio: number }[] = [
  { key: 'name', ratio: 3 },
  { key: 'sub_copy', ratio: 4.5 },
];

/** The text colours that are hard to read on the badge's background, with their ratio and the one that reads well. */
export const hardToRead = (theme: Record<TBadgeThemeKey, string>) =>
  READABLE.flatMap(({ key, ratio: wanted }) => {
    const ratio = contrastRatio(theme[key], theme.background);
    return ratio !== null && ratio < wanted ? [{ key, ratio, wanted }] : [];
  });
