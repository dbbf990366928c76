import {
  BUTTON_LABELS,
  consolePaths,
  PAYMENT_PLAN_MESSAGES,
  ROUTE_PATTERNS,
  type TPlan,
} from '@laurel/contract';
import { Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { useSignOut } from '@/app/use-sign-out';
import { billingQuery, useSelectPlan } from '@/features/welcome/api';
import { PlanCard } from '@/features/welcome/components/plan-card';
import { StripePricingTable } from '@/features/welcome/components/stripe-pricing-table';
import { WelcomeHeading } from '@/features/welcome/components/welcome-heading';
import { describePlanFeatures } from '@/features/welcome/plan-features';

type TPaymentPlanProps = {
  /** Inside the onboarding wizard: 'Back' instead of 'Log out'. */
  onBack?: () => void;
};

/**
 * The payment-plan page (spec 1 §2.8): the built-in provider's plans with 'Choose', or Stripe's pricing table when
 * the installation bills through Stripe. Needs a session: the plans and the choice belong to the user's client.
 */
export const PaymentPlan = ({ onBack }: TPaymentPlanProps) => {
  const session = useSession();
  if (!session) return <Navigate to={ROUTE_PATTERNS.logIn} replace />;
  return <PaymentPlanForClient clientId={session.user.client_id} onBack={onBack} />;
};

const PaymentPlanForClient = ({ clientId, onBack }: TPaymentPlanProps & { clientId: string }) => {
  const billing = useQuery(billingQuery(clientId));
  const selectPlan = useSelectPlan(clientId);
  const navigate = useNavigate();
  const signOut = useSignOut();

  const choose = (plan: TPlan) =>
    selectPlan.mutate(plan, { onSuccess: () => void navigate(consolePaths.dashboard, { replace: true }) });

  return (
    <Stack gap="lg">
      <WelcomeHeading title={PAYMENT_PLAN_MESSAGES.heading} mb={0}>
        {PAYMENT_PLAN_MESSAGES.text}
      </WelcomeHeading>
      {billing.isPending && (
        <Group justify="center" py={64} role="status">
          <Loader aria-hidden />
          <Text size="sm" c="dimmed">
            Loading the plans
          </Text>
        </Group>
      )}
      {billing.isError && (
        <Stack align="center" py={48} ta="center">
          <Text c="dimmed">The plans could not be loaded.</Text>
          <Button variant="light" onClick={() => void billing.refetch()} loading={billing.isFetching}>
            Try again
          </Button>
        </Stack>
      )}
      {billing.data?.provider === 'stripe' && billing.data.stripe && (
        <StripePricingTable
          pricingTableId={billing.data.stripe.pricing_table_id}
          publishableKey={billing.data.stripe.publishable_key}
          customerSessionClientSecret={billing.data.stripe.customer_session_client_secret}
          clientReferenceId={billing.data.payment_engine_id}
        />
      )}
      {billing.data?.provider === 'builtin' && (
        <SimpleGrid type="container" cols={{ base: 1, '560px': 2, '1040px': 4 }} spacing="md">
          {billing.data.plans.map((plan, index, plans) => {
            const { includes, features } = describePlanFeatures(plans, index);
            return (
              <PlanCard
                key={plan.plan}
                plan={plan}
                includes={includes}
                features={features}
                onChoose={() => choose(plan.plan)}
                choosing={selectPlan.isPending && selectPlan.variables === plan.plan}
                disabled={selectPlan.isPending}
              />
            );
          })}
        </SimpleGrid>
      )}
      <Group>
        {onBack ? (
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
            {BUTTON_LABELS.back}
          </Button>
        ) : (
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void signOut()}
          >
            {PAYMENT_PLAN_MESSAGES.logOut}
          </Button>
        )}
      </Group>
    </Stack>
  );
};
