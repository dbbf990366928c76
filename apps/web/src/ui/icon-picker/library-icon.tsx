import type { CSSProperties, ReactNode } from 'react';
import type { TLibraryIcon } from './icon-library';
import { useIconLibrary } from './use-icon-library';

type TIconSvgProps = {
  icon: TLibraryIcon;
  size?: number | string;
  color?: string;
  /** An accessible name; without one the icon is decoration. */
  title?: string;
  style?: CSSProperties;
};

/** Draws one library icon centred in a size × size square, in `color` (the text colour by default). */
export const IconSvg = ({ icon, size = 24, color = 'currentColor', title, style }: TIconSvgProps) => {
  const box = {
    viewBox: `0 0 ${icon.width} ${icon.height}`,
    width: size,
    height: size,
    fill: color,
    'data-icon': icon.name,
    style: { display: 'block', flex: 'none', ...style },
  };
  return title ? (
    <svg {...box} role="img" aria-label={title}>
      <title>{title}</title>
      <path d={icon.path} />
    </svg>
  ) : (
    <svg {...box} aria-hidden="true" focusable="false">
      <path d={icon.path} />
    </svg>
  );
};

type TLibraryIconProps = Omit<TIconSvgProps, 'icon'> & {
  /** A Font Awesome icon name such as 'mug-hot' (an alias works too), and its prefix ('fas'). */
  name: string | null | undefined;
  prefix?: string | null;
  /** Drawn when the name is not in the library (or there is none). */
  fallback?: ReactNode;
};

const NamedIcon = ({ name, prefix, fallback, size = 24, ...props }: TLibraryIconProps & { name: string }) => {
  const { library } = useIconLibrary();
  if (!library) return <span style={{ display: 'block', width: size, height: size, flex: 'none' }} />;
  const icon = library.find(name, prefix);
  return icon ? <IconSvg icon={icon} size={size} {...props} /> : fallback;
};

/**
 * A named Font Awesome icon. The icon set arrives in its own chunk, fetched only once a name is to be drawn: until
 * then an empty square of the same size keeps the layout still.
 */
export const LibraryIcon = ({ name, fallback = null, ...props }: TLibraryIconProps) =>
  name ? <NamedIcon name={name} fallback={fallback} {...props} /> : fallback;
