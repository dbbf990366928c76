import { type MantineSpacing, Stack, type StyleProp, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TWelcomeHeadingProps = { title: string; children?: ReactNode; mb?: StyleProp<MantineSpacing> };

/** Page title of a welcome page, with a line of guidance under it; also sets the document title. */
export const WelcomeHeading = ({ title, children, mb = 'xl' }: TWelcomeHeadingProps) => (
  <Stack gap={6} mb={mb}>
    <title>{`${title} · Laurel`}</title>
    <Title order={1} fz={30} style={{ letterSpacing: '-0.02em' }}>
      {title}
    </Title>
    {children && <Text c="dimmed">{children}</Text>}
  </Stack>
);
