import { ROUTE_PATTERNS } from '@laurel/contract';
import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LaurelLogo } from '@/ui/laurel-logo';

type TPublicPageFrameProps = { title: string; children: ReactNode };

/** Pages anyone can open, signed in or not: a slim header, a heading and readable text width. */
export const PublicPageFrame = ({ title, children }: TPublicPageFrameProps) => (
  <Box mih="100dvh" bg="var(--mantine-color-default-hover)">
    <title>{`${title} · Laurel`}</title>
    <Box
      component="header"
      py="md"
      bg="var(--mantine-color-body)"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="md">
        <Group justify="space-between">
          <Anchor component={Link} to={'/'} underline="never" aria-label="Laurel home">
            <LaurelLogo size="sm" color="var(--mantine-color-text)" />
          </Anchor>
          <Anchor component={Link} to={ROUTE_PATTERNS.logIn} size="sm" fw={600}>
            Back to sign in
          </Anchor>
        </Group>
      </Container>
    </Box>
    <Container size="md" py={48} component="main">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
    <Container size="md" pb="xl">
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} Laurel
      </Text>
    </Container>
  </Box>
);
