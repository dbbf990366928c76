import { fas, prefix as SOLID_PREFIX } from '@fortawesome/free-solid-svg-icons';

/** One Font Awesome icon as the console draws it: an SVG path in a width × height box. */
export type TLibraryIcon = {
  name: string;
  prefix: string;
  /** Older names Font Awesome still answers to ('coffee' for 'mug-saucer'). */
  aliases: readonly string[];
  width: number;
  height: number;
  path: string;
};

export type TIconLibrary = {
  /** Every icon once, by name. */
  icons: readonly TLibraryIcon[];
  /** The icon a badge or currency names (by its name or an alias); only the free solid set ('fas') is offered. */
  find: (name: string | null | undefined, prefix?: string | null) => TLibraryIcon | undefined;
};

const toIcon = ({ prefix, iconName, icon }: (typeof fas)[string]): TLibraryIcon => {
  const [width, height, aliases, , path] = icon;
  return {
    name: iconName,
    prefix,
    aliases: aliases.filter((alias): alias is string => typeof alias === 'string'),
    width,
    height,
    // The solid set has one path per icon; duotone sets give two layers, of which the first is the outline.
    path: Array.isArray(path) ? path.join(' ') : path,
  };
};

const build = (): TIconLibrary => {
  // `fas` lists an icon under its name and under each alias: keep one entry per icon.
  const byName = new Map<string, TLibraryIcon>();
  for (const definition of Object.values(fas)) {
    if (!byName.has(definition.iconName)) byName.set(definition.iconName, toIcon(definition));
  }
  const icons = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const lookup = new Map<string, TLibraryIcon>();
  for (const icon of icons) {
    for (const alias of icon.aliases) if (!byName.has(alias)) lookup.set(alias, icon);
    lookup.set(icon.name, icon);
  }
  return {
    icons,
    find: (name, prefix) => {
      if (!name || (prefix && prefix !== SOLID_PREFIX)) return undefined;
      return lookup.get(name);
    },
  };
};

/** Built once, when the chunk that holds the icon set is first loaded. */
export const iconLibrary = build();
