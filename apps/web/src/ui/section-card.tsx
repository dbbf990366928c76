import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type TSectionCardProps = {
  title: string;
  /** A dimmed line under the title: what the section is for. */
  description?: ReactNode;
  /** Buttons on the right of the title ('Add Rule'). */
  actions?: ReactNode;
  children: ReactNode;
};

/** A titled box of a page or form; its title names the region for assistive technology. */
export const SectionCard = ({ title, description, actions, children }: TSectionCardProps) => {
  const id = useId();
  const heading = (
    <Stack gap={2}>
      <Title id={id} order={2} fz="h4">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        {actions ? (
          <Group justify="space-between" align="flex-start" gap="sm">
            {heading}
            {actions}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
};
