import { IconCoin } from '@tabler/icons-react';
import { useState } from 'react';
import type { TCurrencyIconValue } from '@/features/economy/currency-form-values';
import { LibraryIcon } from '@/ui/icon-picker';

type TCurrencyIconProps = {
  icon: TCurrencyIconValue;
  /** A chosen file not yet uploaded, as an object URL. */
  fileUrl?: string | null;
  size?: number;
};

/** A currency's icon: its image, else a chosen file, else its library icon, else the default coin (spec 3 §2). */
export const CurrencyIcon = ({ icon, fileUrl, size = 36 }: TCurrencyIconProps) => {
  // An image that will not load falls back like no image at all.
  const [broken, setBroken] = useState<string | null>(null);
  const image = [fileUrl, icon.url].find((source) => source && source !== broken) ?? null;
  const glyph = Math.round(size * 0.55);
  const coin = <IconCoin size={glyph} aria-hidden />;
  return (
    <span
      data-icon-source={image ? 'image' : icon.name ? 'library' : 'default'}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: 'var(--mantine-primary-color-light)',
        color: 'var(--mantine-primary-color-light-color)',
        overflow: 'hidden',
      }}
    >
      {image ? (
        <img
          src={image}
          alt=""
          onError={() => setBroken(image)}
          style={{ width: '70%', height: '70%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <LibraryIcon name={icon.name} prefix={icon.prefix} size={glyph} fallback={coin} />
      )}
    </span>
  );
};
