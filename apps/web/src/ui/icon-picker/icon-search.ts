import type { TLibraryIcon } from './icon-library';

/**
 * Icons whose name (or an older alias) contains the query, ignoring case (spec 2 §2). Names that start with the
 * query come first, so that 'star' shows 'star' and 'star-half' before 'face-grin-stars'.
 */
export const searchIcons = (icons: readonly TLibraryIcon[], query: string): readonly TLibraryIcon[] => {
  const needle = query.trim().toLowerCase();
  if (!needle) return icons;
  const leading: TLibraryIcon[] = [];
  const inner: TLibraryIcon[] = [];
  for (const icon of icons) {
    const names = [icon.name, ...icon.aliases];
    if (names.some((name) => name.startsWith(needle))) leading.push(icon);
    else if (names.some((name) => name.includes(needle))) inner.push(icon);
  }
  return [...leading, ...inner];
};
