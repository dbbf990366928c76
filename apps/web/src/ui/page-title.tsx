import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The browser tab's title for a console page: the page's own title, as the spec names it ('Segment - Regulars'),
 * with nothing after it. React hoists it into <head>.
 */
export const documentTitle = (title: string) => title;

export const PageTitle = ({ title }: { title: string }) => <title>{documentTitle(title)}</title>;

/**
 * A list page's heading: the tab's title, the page's h1 and the dimmed line under it; `aside` sits at the right end
 * of that line (how fresh the figures are).
 */
export const PageHeading = ({
  title,
  subtitle,
  aside,
}: {
  title: string;
  subtitle: ReactNode;
  aside?: ReactNode;
}) => {
  const heading = (
    <Stack gap={4}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed">{subtitle}</Text>
    </Stack>
  );
  return (
    <>
      <PageTitle title={title} />
      {aside ? (
        <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
    </>
  );
};
