import { Avatar } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** A list's small image; without one, a neutral placeholder. */
export const Thumbnail = ({ src, alt }: { src: string | null; alt: string }) => (
  <Avatar src={src} alt={alt} radius="sm" size={36} color="gray" variant="light">
    <IconPhoto size={18} aria-hidden />
  </Avatar>
);
