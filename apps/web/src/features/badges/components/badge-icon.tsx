import type { TBadgeIcon } from '@laurel/contract';
import { IconTrophyFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { LibraryIcon } from '@/ui/icon-picker';

type TBadgeIconProps = {
  icon: Pick<TBadgeIcon, 'name' | 'prefix' | 'url' | 'file_name'>;
  /** A chosen file not yet uploaded, as an object URL. */
  fileUrl?: string | null;
  theme: { primary: string; icon: string };
  size?: number;
};

type TSource = 'url' | 'file' | 'library' | 'placeholder';

/**
 * A badge's icon on a circle of its primary colour. The source follows the spec's order (spec 2 §2): the stored
 * image, else a chosen file, else the named library icon in the icon colour, else a trophy.
 */
export const BadgeIcon = ({ icon, fileUrl, theme, size = 40 }: TBadgeIconProps) => {
  // An image that will not load (moved or deleted media) falls back like no image at all.
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const image = [icon.url, fileUrl].find((source) => source && source !== brokenImage) ?? null;
  const source: TSource = image
    ? image === icon.url
      ? 'url'
      : 'file'
    : icon.name
      ? 'library'
      : 'placeholder';
  const label =
    source === 'url' || source === 'file'
      ? `Custom icon${icon.file_name ? ` ${icon.file_name}` : ''}`
      : source === 'library'
        ? `${icon.name} icon`
        : 'Trophy placeholder icon';
  const glyph = Math.round(size * 0.5);
  const trophy = <IconTrophyFilled size={glyph} color={theme.icon} aria-hidden />;

  return (
    <span
      role="img"
      aria-label={label}
      data-icon-source={source}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: theme.primary,
        boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.08)',
        overflow: 'hidden',
      }}
    >
      {image ? (
        <img
          src={image}
          alt=""
          onError={() => setBrokenImage(image)}
          style={{ width: '72%', height: '72%', objectFit: 'contain', display: 'block' }}
        />
      ) : source === 'library' ? (
        <LibraryIcon
          name={icon.name}
          prefix={icon.prefix}
          size={glyph}
          color={theme.icon}
          fallback={trophy}
        />
      ) : (
        trophy
      )}
    </span>
  );
};
