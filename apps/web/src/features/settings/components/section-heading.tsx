import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A settings section's heading (its id names the section) and the line that says what it is for. */
export const SectionHeading = ({
  id,
  title,
  description,
  gap,
}: {
  id: string;
  title: string;
  description: ReactNode;
  gap: number;
}) => (
  <Stack gap={gap}>
    <Title order={2} fz="lg" id={id}>
      {title}
    </Title>
    <Text size="sm" c="dimmed">
      {description}
    </Text>
  </Stack>
);
