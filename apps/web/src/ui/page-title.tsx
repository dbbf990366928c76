import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The browser tab's title for a console page: 'Account Settings | Laurel'. React hoists it into <head>. */
export const documentTitle = (title: string) => `${title} | Laurel`;

export const PageTitle = ({ title }: { title: string }) => <title>{documentTitle(title)}</title>;

/** A list page's heading: the tab's title, the page's h1 and the dimmed line under it. */
export const PageHeading = ({ title, subtitle }: { title: string; subtitle: ReactNode }) => (
  <>
    <PageTitle title={title} />
    <Stack gap={4}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed">{subtitle}</Text>
    </Stack>
  </>
);
