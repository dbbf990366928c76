import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a summary or details box: a small uppercase label over the value. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
      {label}
    </Text>
    <Text size="sm" component="div">
      {children}
    </Text>
  </Stack>
);
