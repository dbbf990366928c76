import type { TPlanOffer } from '@laurel/contract';
import { Badge, Button, Card, Divider, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { formatPlanPrice } from '@/features/welcome/plan-features';

type TPlanCardProps = {
  plan: TPlanOffer;
  /** The plan this one builds on, when it includes all of it. */
  includes: string | null;
  features: string[];
  onChoose: () => void;
  choosing: boolean;
  disabled: boolean;
};

/** One plan: name, monthly price, what it is for, what it includes, and 'Choose'. */
export const PlanCard = ({ plan, includes, features, onChoose, choosing, disabled }: TPlanCardProps) => {
  const titleId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="lg"
      style={
        plan.current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" mih={26}>
          <Title order={2} fz="lg" id={titleId}>
            {plan.label}
          </Title>
          {plan.current && (
            <Badge variant="light" size="sm">
              Current plan
            </Badge>
          )}
        </Group>
        <Stack gap={2}>
          <Text fz={30} fw={700} lh={1.1} style={{ letterSpacing: '-0.02em' }}>
            {formatPlanPrice(plan)}
          </Text>
          <Text c="dimmed" size="sm">
            per month
          </Text>
        </Stack>
        <Text size="sm" c="dimmed" mih={{ base: 0, md: 62 }}>
          {plan.description}
        </Text>
        <Divider />
        <Stack gap="xs" style={{ flex: 1 }}>
          {includes && (
            <Text size="sm" fw={600}>
              Everything in {includes}, plus:
            </Text>
          )}
          <List
            size="sm"
            spacing={8}
            aria-label={`${plan.label} includes`}
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                <IconCheck size={13} stroke={2.5} />
              </ThemeIcon>
            }
          >
            {features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </Stack>
        <Button
          fullWidth
          size="md"
          variant={plan.current ? 'light' : 'filled'}
          onClick={onChoose}
          loading={choosing}
          disabled={disabled || plan.current}
          aria-label={plan.current ? `${plan.label} is your current plan` : `Choose ${plan.label}`}
        >
          {plan.current ? 'Current plan' : 'Choose'}
        </Button>
      </Stack>
    </Card>
  );
};
