import { COUPON_VALUE_TYPE_LABELS, REWARD_ITEM_TYPE_LABELS, type TRewardStatus } from '@laurel/contract';
import { Badge, Box, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconGift, IconInfinity, IconPackage, IconTicket } from '@tabler/icons-react';
import { useId } from 'react';
import type { TRewardFormValues } from '@/features/rewards/reward-form-values';
import { costText, REWARD_STATUS_COLORS, REWARD_TEXTS } from '@/features/rewards/reward-format';
import { formatDay } from '@/ui/lazy-field/day-format';
import { StatusChip } from '@/ui/status-chip';

type TRewardPreviewProps = {
  values: TRewardFormValues;
  /** The image shown: a chosen file's object URL, else the stored image. */
  imageUrl: string | null;
  /** The chosen currency's code ('BC'). */
  currencyCode: string | null;
  /** How many were redeemed: what the stock has lost already. */
  redeemed: number;
  /** The saved reward's status; none for a new one. */
  status: TRewardStatus | null;
  /** The client's money symbol, for an amount off at the till. */
  moneySymbol: string;
  /** A saved pool's codes not issued yet; null for other rewards. */
  codesLeft: number | null;
};

const TYPE_ICONS = { coupon: IconTicket, physical: IconPackage, digital: IconGift } as const;

const couponValue = (values: TRewardFormValues, moneySymbol: string) => {
  const { value, value_type: valueType } = values.coupon;
  if (value === '') return COUPON_VALUE_TYPE_LABELS[valueType];
  const shown = value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return valueType === 'percent' ? `${shown}% off` : `${moneySymbol}${shown} off`;
};

/** What members can still get: the stock left, and for a saved pool no more than its codes left. */
const leftText = (values: TRewardFormValues, redeemed: number, codesLeft: number | null) => {
  const pool = values.type === 'coupon' && values.coupon.source === 'pool' ? codesLeft : null;
  const { stock } = values;
  if (!values.stock_unlimited && stock === '') return '—';
  const stockLeft = values.stock_unlimited || stock === '' ? null : Math.max(0, stock - redeemed);
  const left = stockLeft === null ? pool : pool === null ? stockLeft : Math.min(stockLeft, pool);
  return left === null ? REWARD_TEXTS.unlimited : REWARD_TEXTS.left(left);
};

const windowText = (values: TRewardFormValues) => {
  const from = values.available_from ? formatDay(values.available_from, 'D MMM YYYY') : null;
  const to = values.available_to ? formatDay(values.available_to, 'D MMM YYYY') : null;
  if (from && to) return `${from} – ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return 'Always available';
};

/** The reward as members will see it in the client's app, redrawn on every change. */
export const RewardPreview = ({
  values,
  imageUrl,
  currencyCode,
  redeemed,
  status,
  moneySymbol,
  codesLeft,
}: TRewardPreviewProps) => {
  const headingId = useId();
  const name = values.name.trim();
  const description = values.description.trim();
  const TypeIcon = TYPE_ICONS[values.type];
  const left = leftText(values, redeemed, codesLeft);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title id={headingId} order={2} fz="sm" tt="uppercase" c="dimmed" lts={0.5}>
          {REWARD_TEXTS.preview}
        </Title>
        <Paper data-testid="reward-preview-card" withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Box
            h={150}
            bg="var(--mantine-color-default-hover)"
            display="flex"
            style={{ alignItems: 'center', justifyContent: 'center' }}
          >
            {imageUrl ? (
              <Image src={imageUrl} alt={name || REWARD_TEXTS.previewName} fit="contain" h={150} w="100%" />
            ) : (
              <TypeIcon size={56} stroke={1.25} aria-hidden color="var(--mantine-color-dimmed)" />
            )}
          </Box>
          <Stack gap={6} p="md">
            <Text
              fw={700}
              fz="lg"
              lh={1.25}
              c={name ? undefined : 'dimmed'}
              style={{ wordBreak: 'break-word' }}
            >
              {name || REWARD_TEXTS.previewName}
            </Text>
            {description && (
              <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                {description}
              </Text>
            )}
            <Group justify="space-between" align="center" gap="xs" mt={4}>
              <Text fw={700} fz="xl" data-testid="reward-preview-cost">
                {costText(values.amount, currencyCode)}
              </Text>
              <Badge
                variant="light"
                color="gray"
                radius="sm"
                tt="none"
                leftSection={
                  left === REWARD_TEXTS.unlimited ? <IconInfinity size={12} aria-hidden /> : undefined
                }
              >
                {left}
              </Badge>
            </Group>
          </Stack>
        </Paper>
        <Group gap={6} justify="center">
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {REWARD_ITEM_TYPE_LABELS[values.type]}
          </Badge>
          {values.type === 'coupon' && (
            <Badge variant="light" color="laurel" radius="sm" tt="none">
              {couponValue(values, moneySymbol)}
            </Badge>
          )}
          {status && <StatusChip status={status} label={status} color={REWARD_STATUS_COLORS[status]} />}
        </Group>
        <Group gap={6} justify="center">
          <IconCalendar size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed">
            {windowText(values)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
};
