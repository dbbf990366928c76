import {
  BUTTON_LABELS,
  REDEEM_REFUSAL_LABELS,
  REWARD_ITEM_TYPE_LABELS,
  type TPlayerReward,
  type TRewardRedemption,
} from '@laurel/contract';
import { Alert, Button, Code, CopyButton, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClientRecord } from '@/app/console/client-record';
import { customerWalletsQuery } from '@/features/economy';
import {
  currencyCodeOf,
  playerRewardsQuery,
  REDEMPTION_TEXTS,
  useRedeemForCustomer,
} from '@/features/rewards/redemption-api';
import { balanceText, costText, REWARD_TEXTS } from '@/features/rewards/reward-format';
import { DebouncedSearch } from '@/ui/data-table';
import { displayDate, parseDate } from '@/ui/display-date';

const SHOWN = 50;

type TDialogProps = { customerId: string; opened: boolean; onClose: () => void };

/** A new idempotency id each time the dialog opens: a retried request of this opening is not redeemed twice. */
const useIdPerOpening = (opened: boolean) => {
  const [state, setState] = useState({ opened, id: crypto.randomUUID() });
  if (opened !== state.opened) setState({ opened, id: opened ? crypto.randomUUID() : state.id });
  return state.id;
};

const rewardLine = (reward: TPlayerReward) =>
  [
    costText(reward.cost.amount, reward.currency.code),
    REWARD_ITEM_TYPE_LABELS[reward.type],
    reward.stock_left === null ? REWARD_TEXTS.unlimited : REWARD_TEXTS.left(reward.stock_left),
  ].join(' · ');

/**
 * Why a reward cannot be redeemed now; a window not open yet or already closed says when, on the business's
 * calendar (where the server reads the window's days).
 */
const refusalText = (reward: TPlayerReward, timeZone: string | undefined) => {
  if (!reward.reason) return null;
  if (reward.reason === 'not_available') {
    const now = new Date();
    const from = parseDate(reward.available_from);
    if (from && from > now)
      return REDEMPTION_TEXTS.availableFrom(displayDate(reward.available_from, timeZone));
    const to = parseDate(reward.available_to);
    if (to && to < now) return REDEMPTION_TEXTS.ended(displayDate(reward.available_to, timeZone));
  }
  return REDEEM_REFUSAL_LABELS[reward.reason];
};

/** What the redemption gave: the code to hand over, how long it holds, and the wallet after it. */
const Issued = ({
  redemption,
  currencyCode,
  onDone,
}: {
  redemption: TRewardRedemption;
  currencyCode: string | null;
  onDone: () => void;
}) => (
  <Stack gap="md">
    <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} title={REDEMPTION_TEXTS.issued}>
      {redemption.reward_name}
    </Alert>
    {redemption.coupon_code && (
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {REDEMPTION_TEXTS.code}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Code
            fz="xl"
            fw={700}
            aria-label={REDEMPTION_TEXTS.code}
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {redemption.coupon_code}
          </Code>
          <CopyButton value={redemption.coupon_code} timeout={2500}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant={copied ? 'light' : 'subtle'}
                color={copied ? 'teal' : undefined}
                style={{ flexShrink: 0 }}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? REDEMPTION_TEXTS.copied : REDEMPTION_TEXTS.copyCode}
              </Button>
            )}
          </CopyButton>
        </Group>
        {redemption.expires_at && (
          <Text size="sm">
            {REDEMPTION_TEXTS.expires}: {displayDate(redemption.expires_at)}
          </Text>
        )}
      </Stack>
    )}
    <Text size="sm">
      {REDEMPTION_TEXTS.newBalance}: <strong>{balanceText(redemption.balance_after, currencyCode)}</strong>
    </Text>
    <Group justify="flex-end">
      <Button onClick={onDone} data-autofocus>
        {REDEMPTION_TEXTS.done}
      </Button>
    </Group>
  </Stack>
);

/** What the customer may redeem first (then cheapest first, as the API lists them), up to SHOWN matching the search. */
const shownRewards = (rewards: readonly TPlayerReward[], search: string) => {
  const words = search.trim().toLowerCase();
  const matching = words ? rewards.filter((reward) => reward.name.toLowerCase().includes(words)) : rewards;
  return {
    count: matching.length,
    list: [...matching].sort((a, b) => Number(b.redeemable) - Number(a.redeemable)).slice(0, SHOWN),
  };
};

/**
 * Redeem reward (DESIGN §10): the catalogue as the customer sees it, with cost and stock, the customer's balances
 * above it; a reward they cannot redeem now is greyed out with the reason. Redeem debits the wallet and issues the
 * code, which the dialog then shows with the new balance. A refusal the list could not foresee (another till
 * redeemed the last one meanwhile) opens the message modal with the server's words.
 */
export const RedeemRewardDialog = ({ customerId, opened, onClose }: TDialogProps) => {
  const redemptionId = useIdPerOpening(opened);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const redeem = useRedeemForCustomer(customerId);
  const rewards = useQuery({ ...playerRewardsQuery(customerId), enabled: opened });
  const wallets = useQuery(customerWalletsQuery(customerId));
  const timeZone = useClientRecord().data?.time_zone;
  const close = () => {
    setChosen(null);
    setSearch('');
    redeem.reset();
    onClose();
  };
  const { list, count } = shownRewards(rewards.data ?? [], search);
  // A reward that became unredeemable after it was chosen (a reload) cannot be redeemed either.
  const redeemable = list.some((reward) => reward._id === chosen && reward.redeemable);
  const balances = (wallets.data ?? [])
    .map((wallet) => balanceText(wallet.balance, wallet.currency.code))
    .join(', ');

  return (
    <Modal opened={opened} onClose={close} title={REDEMPTION_TEXTS.redeem} size="lg">
      {redeem.data ? (
        <Issued
          redemption={redeem.data}
          currencyCode={currencyCodeOf(wallets.data, redeem.data.cost.currency)}
          onDone={close}
        />
      ) : (
        <Stack gap="md">
          {balances && (
            <Text size="sm" c="dimmed">
              Balance: {balances}
            </Text>
          )}
          <DebouncedSearch label={REDEMPTION_TEXTS.search} value={search} onChange={setSearch} />
          {rewards.isPending ? (
            <Stack gap="xs">
              <Skeleton height={52} />
              <Skeleton height={52} />
            </Stack>
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {/* A search that matches nothing is not an empty catalogue: say which, so the search is cleared. */}
              {search.trim() && (rewards.data?.length ?? 0) > 0
                ? REDEMPTION_TEXTS.noMatch
                : REDEMPTION_TEXTS.noRewards}
            </Text>
          ) : (
            <Radio.Group label={REDEMPTION_TEXTS.reward} value={chosen} onChange={setChosen}>
              <Stack gap="xs" mt="xs" mah={360} style={{ overflowY: 'auto' }}>
                {list.map((reward) => (
                  <Radio
                    key={reward._id}
                    value={reward._id}
                    label={reward.name}
                    disabled={!reward.redeemable}
                    description={
                      <>
                        {rewardLine(reward)}
                        {reward.reason && (
                          <Text span display="block" size="xs" fw={600} c="red.8">
                            {refusalText(reward, timeZone)}
                          </Text>
                        )}
                      </>
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {count > list.length && (
            <Text size="xs" c="dimmed">
              {REDEMPTION_TEXTS.moreRewards(list.length, count)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={redeem.isPending}>
              {BUTTON_LABELS.cancel}
            </Button>
            <Button
              disabled={!redeemable}
              loading={redeem.isPending}
              onClick={() => chosen && redeem.mutate({ id: redemptionId, reward_id: chosen })}
            >
              {REDEMPTION_TEXTS.redeemButton}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
