import {
  ACCOUNT_SETTINGS_MESSAGES,
  formatMoney,
  isClientSubscribed,
  PLAN_LABELS,
  type TClientPlan,
  type TPlanOffer,
} from '@laurel/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { StatusChip } from '@/ui/status-chip';

type TCurrentPlanPanelProps = {
  plan: TClientPlan | undefined;
  /** The plan as the billing overview offers it (price, description), when loaded. */
  offer?: TPlanOffer | undefined;
  onManagePlan: () => void;
  onSubscribe: () => void;
  managing?: boolean;
};

/**
 * Current Plan (spec 1 §2.16): the plan's name and status, or that there is none. A subscribed client manages the
 * plan in the billing portal; any other client is offered the upgrade.
 */
export const CurrentPlanPanel = ({
  plan,
  offer,
  onManagePlan,
  onSubscribe,
  managing = false,
}: TCurrentPlanPanelProps) => {
  const headingId = useId();
  const subscribed = isClientSubscribed(plan);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="nowrap" gap="md">
          <Title order={2} fz="lg" id={headingId}>
            {ACCOUNT_SETTINGS_MESSAGES.currentPlan}
          </Title>
          {subscribed ? (
            <Button
              variant="light"
              rightSection={<IconExternalLink size={16} aria-hidden />}
              onClick={onManagePlan}
              loading={managing}
            >
              {ACCOUNT_SETTINGS_MESSAGES.managePlan}
            </Button>
          ) : (
            <Button onClick={onSubscribe} aria-haspopup="dialog">
              {ACCOUNT_SETTINGS_MESSAGES.subscribe}
            </Button>
          )}
        </Group>
        {plan?.name ? (
          <Stack gap={6}>
            <Group gap="sm" align="center">
              <Text fz="xl" fw={700} lh={1.2}>
                {PLAN_LABELS[plan.name]}
              </Text>
              {plan.status && <StatusChip status={plan.status} />}
              {offer && (
                <Text size="sm" c="dimmed">
                  {`${formatMoney(Number(offer.price), offer.currency_symbol)} / month`}
                </Text>
              )}
            </Group>
            {offer && (
              <Text size="sm" c="dimmed">
                {offer.description}
              </Text>
            )}
          </Stack>
        ) : (
          <Text c="dimmed">{ACCOUNT_SETTINGS_MESSAGES.notSubscribed}</Text>
        )}
      </Stack>
    </Card>
  );
};
