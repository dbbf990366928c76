import { Avatar } from '@mantine/core';
import { type Icon, IconRepeat } from '@tabler/icons-react';

/** A plan's small image; without one, a neutral placeholder. */
export const PlanImage = ({
  src,
  alt,
  size = 36,
  icon: Placeholder = IconRepeat,
}: {
  src: string | null;
  alt: string;
  size?: number;
  icon?: Icon;
}) => (
  <Avatar src={src} alt={alt} radius="sm" size={size} color="gray" variant="light">
    <Placeholder size={size / 2} aria-hidden />
  </Avatar>
);
