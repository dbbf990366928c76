import { API_ERROR_MESSAGES, consolePaths, mayUse, type TFeatureArea } from '@laurel/contract';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Link } from 'react-router';
import { useSession } from '@/api/use-session';
import { PageTitle } from '@/ui/page-title';

export const NO_ACCESS_TITLE = 'No access to this page';

/** What someone sees on a page of an area they hold no View flag for: the API refuses its data too (DESIGN §3). */
export const NoAccessNotice = () => (
  <Stack gap="lg" maw={880}>
    <PageTitle title={NO_ACCESS_TITLE} />
    <Title order={1} fz="h2">
      {NO_ACCESS_TITLE}
    </Title>
    <Alert
      color="gray"
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      title="Ask an admin for access"
    >
      {API_ERROR_MESSAGES.forbidden}
    </Alert>
    <div>
      <Button component={Link} to={consolePaths.dashboard} variant="light">
        Go to the dashboard
      </Button>
    </div>
  </Stack>
);

/**
 * Shows the page to holders of the View flag of any of `areas` (an admin holds all), and the notice to anyone else:
 * a typed address or an old bookmark then says why, instead of an empty page under an error modal.
 */
export const AreaGate = ({ areas, children }: { areas: readonly TFeatureArea[]; children: ReactNode }) => {
  const session = useSession();
  if (session && !areas.some((area) => mayUse(session.user, area, 'read'))) return <NoAccessNotice />;
  return children;
};

/** An area's routes, each page behind `AreaGate` for `areas`. */
export const viewableBy = (areas: readonly TFeatureArea[], routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ ...route, element: <AreaGate areas={areas}>{route.element}</AreaGate> }));
