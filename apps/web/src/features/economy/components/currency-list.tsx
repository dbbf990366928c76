import {
  currencyCounter,
  EXPIRY_POLICY_LABELS,
  MAX_CURRENCIES,
  type TCurrency,
  WALLET_CURRENCY_TYPE_LABELS,
} from '@laurel/contract';
import { Badge, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useId } from 'react';
import { CurrencyIcon } from '@/features/economy/components/currency-icon';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { RowActionButton, RowDeleteButton } from '@/ui/data-table';

type TCurrencyListProps = {
  currencies: TCurrency[];
  loading: boolean;
  selectedId: string | null;
  canEdit: boolean;
  canDelete: boolean;
  deletingId: string | undefined;
  onEdit: (currency: TCurrency) => void;
  onDelete: (currency: TCurrency) => void;
};

const expiryText = (currency: TCurrency) =>
  currency.expiry_policy === 'after_days'
    ? `Expires after ${currency.expiry_days} days`
    : currency.expiry_policy === 'never'
      ? 'Never expires'
      : `Expires ${EXPIRY_POLICY_LABELS[currency.expiry_policy].toLowerCase()}`;

/** The client's currencies with the created/10 counter; each with edit and delete (spec 3 §2). */
export const CurrencyList = ({
  currencies,
  loading,
  selectedId,
  canEdit,
  canDelete,
  deletingId,
  onEdit,
  onDelete,
}: TCurrencyListProps) => {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title id={headingId} order={2} fz="h4">
            {ECONOMY_TEXTS.currencyList}
          </Title>
          <Group gap="xs" wrap="nowrap" aria-label="Currencies created" role="group">
            <Progress
              value={(currencies.length / MAX_CURRENCIES) * 100}
              w={80}
              size="sm"
              aria-hidden
              color={currencies.length >= MAX_CURRENCIES ? 'orange' : undefined}
            />
            <Text size="sm" fw={600} data-testid="currency-counter">
              {currencyCounter(currencies.length)}
            </Text>
          </Group>
        </Group>
        {loading ? (
          <Stack gap="xs">
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        ) : currencies.length === 0 ? (
          <Text c="dimmed" size="sm">
            {ECONOMY_TEXTS.noCurrencies}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            aria-labelledby={headingId}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {currencies.map((currency) => (
              <Paper
                component="li"
                key={currency._id}
                withBorder
                radius="md"
                p="sm"
                aria-label={currency.name}
                bg={currency._id === selectedId ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <CurrencyIcon icon={currency.icon} />
                    <Stack gap={2} miw={0}>
                      <Group gap="xs" wrap="nowrap">
                        <Text fw={600} truncate="end">
                          {currency.name}
                        </Text>
                        <Badge variant="light" color="gray" size="sm">
                          {currency.code}
                        </Badge>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {WALLET_CURRENCY_TYPE_LABELS[currency.type]} · rate {currency.conversion_rate} ·{' '}
                        {expiryText(currency)}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    {canEdit && (
                      <RowActionButton
                        label="Edit"
                        ariaLabel={ECONOMY_TEXTS.editAction(currency.name)}
                        color="gray"
                        icon={IconPencil}
                        onClick={() => onEdit(currency)}
                      />
                    )}
                    {canDelete && (
                      <RowDeleteButton
                        name={currency.name}
                        loading={deletingId === currency._id}
                        onClick={() => onDelete(currency)}
                      />
                    )}
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
