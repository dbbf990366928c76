import { ROUTE_PATTERNS } from '@laurel/contract';
import { Anchor, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { brandingQuery } from '@/features/welcome/api';
import { toBranding } from '@/features/welcome/branding';
import { WelcomeIllustration } from '@/features/welcome/components/welcome-illustration';
import { LaurelLogo } from '@/ui/laurel-logo';
import { PageLoader } from '@/ui/page-loader';
import classes from './welcome-layout.module.css';

/**
 * How much room a welcome page needs, set by its route pattern (welcome routes.tsx): a narrow form beside the side
 * image, the wider wizard, or the plan cards across the whole width (no side image).
 */
export type TWelcomeLayoutVariant = 'form' | 'wizard' | 'plans';
export type TWelcomeLayoutVariants = Partial<Record<string, TWelcomeLayoutVariant>>;

const useLayoutVariant = (variants: TWelcomeLayoutVariants): TWelcomeLayoutVariant => {
  const { pathname } = useLocation();
  for (const [pattern, variant] of Object.entries(variants)) {
    if (variant && matchPath(pattern, pathname)) return variant;
  }
  return 'form';
};

/** The entry area: the form on one side; the host's side image, logo and slogan on the other (spec 1 §1). */
export const WelcomeLayout = ({ variants }: { variants: TWelcomeLayoutVariants }) => {
  const serverBranding = useQuery(brandingQuery);
  const branding = toBranding(serverBranding.data);
  const variant = useLayoutVariant(variants);
  return (
    <div className={classes.root} data-variant={variant}>
      <div className={classes.formColumn}>
        <header>
          {branding.logoUrl ? (
            <Image src={branding.logoUrl} alt={branding.name} h={36} w="auto" fit="contain" />
          ) : (
            <LaurelLogo name={branding.name} />
          )}
        </header>
        <main className={classes.formArea}>
          <div className={classes.form}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <Group component="footer" justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {branding.name}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={ROUTE_PATTERNS.termsAndConditions} size="xs" c="dimmed">
              Terms and Conditions
            </Anchor>
            <Anchor component={Link} to={ROUTE_PATTERNS.privacyPolicy} size="xs" c="dimmed">
              Privacy Policy
            </Anchor>
          </Group>
        </Group>
      </div>
      {variant !== 'plans' && (
        <aside className={classes.sideColumn} aria-label={`${branding.name} slogan`}>
          {branding.sideImageUrl ? (
            <img className={classes.sideImage} src={branding.sideImageUrl} alt="" />
          ) : (
            <div className={classes.sideImage}>
              <WelcomeIllustration />
            </div>
          )}
          <Stack className={classes.sideCopy} gap="sm">
            <Title order={2} className={classes.slogan}>
              {branding.slogan}
            </Title>
            <Text className={classes.tagline} size="lg">
              {branding.tagline}
            </Text>
          </Stack>
        </aside>
      )}
    </div>
  );
};
