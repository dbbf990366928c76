import { COMMON_MESSAGES } from '@laurel/contract';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/** Shown when a page throws or its chunk fails to load (for example after a new release). */
export const RouteErrorPage = () => (
  <Center mih="100dvh" p="xl">
    <Stack align="center" gap="sm" maw={440} ta="center">
      <Title order={1} fz="h2">
        {COMMON_MESSAGES.somethingWentWrong}
      </Title>
      <Text c="dimmed">The page could not be shown. Reloading usually fixes this.</Text>
      <Button mt="md" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  </Center>
);

type TRouteErrorBoundaryProps = { location: unknown; children: ReactNode };
type TRouteErrorBoundaryState = { failed: boolean; location: unknown };

/**
 * Catches what the routes below throw and shows the error page in their place, until the next navigation (Back, a
 * link in the address bar) tries again, as a route's `errorElement` did.
 */
export class RouteErrorBoundary extends Component<TRouteErrorBoundaryProps, TRouteErrorBoundaryState> {
  override state: TRouteErrorBoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<TRouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: TRouteErrorBoundaryProps,
    state: TRouteErrorBoundaryState,
  ): Partial<TRouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
