import {
  consolePaths,
  REDEMPTION_STATUS_COLORS,
  REDEMPTION_STATUS_LABELS,
  REWARD_ITEM_TYPE_LABELS,
  type TCouponLookup,
} from '@laurel/contract';
import { Alert, Anchor, Button, Code, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useClientRecord } from '@/app/console/client-record';
import { COUPON_TEXTS, couponErrorText, useAcceptCoupon, useFindCoupon } from '@/features/rewards/coupon-api';
import { costText } from '@/features/rewards/reward-format';
import { displayDate } from '@/ui/display-date';
import { Fact } from '@/ui/fact';
import { StatusChip } from '@/ui/status-chip';
import { useOneAtATime } from '@/ui/use-one-at-a-time';

type TDialogProps = { opened: boolean; onClose: () => void };

/** Why a found coupon cannot be accepted, with its date; null when it can. */
const refusalOf = (coupon: TCouponLookup) => {
  if (coupon.status === 'used') return COUPON_TEXTS.used(displayDate(coupon.used_at ?? coupon.created_at));
  if (coupon.status === 'cancelled')
    return COUPON_TEXTS.cancelled(displayDate(coupon.cancelled_at ?? coupon.created_at));
  if (coupon.status === 'expired')
    return COUPON_TEXTS.expired(displayDate(coupon.expires_at ?? coupon.created_at));
  return null;
};

/** What the till needs to see before accepting: the reward, whose coupon it is, what it cost and until when. */
const CouponFacts = ({ coupon, onLeave }: { coupon: TCouponLookup; onLeave: () => void }) => {
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Code fz="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
          {coupon.coupon_code}
        </Code>
        <StatusChip
          status={coupon.status}
          label={REDEMPTION_STATUS_LABELS[coupon.status]}
          color={REDEMPTION_STATUS_COLORS[coupon.status]}
        />
      </Group>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label={COUPON_TEXTS.reward}>
          {coupon.reward_name} ({REWARD_ITEM_TYPE_LABELS[coupon.reward_type]})
        </Fact>
        <Fact label={COUPON_TEXTS.customer}>
          <Anchor component={Link} to={consolePaths.customerProfile(coupon.customer_id)} onClick={onLeave}>
            {coupon.customer_name || coupon.customer_id}
          </Anchor>
        </Fact>
        {coupon.coupon_value && (
          <Fact label={COUPON_TEXTS.worth}>{COUPON_TEXTS.worthText(coupon.coupon_value, symbol)}</Fact>
        )}
        <Fact label={COUPON_TEXTS.cost}>{costText(coupon.cost.amount, coupon.currency_code || null)}</Fact>
        {coupon.expires_at && <Fact label={COUPON_TEXTS.validUntil}>{displayDate(coupon.expires_at)}</Fact>}
      </SimpleGrid>
    </Stack>
  );
};

/**
 * Accept Coupon (DESIGN §10, the till's `POST /api/v1/coupons/{code}/use` in the console): staff type or scan a
 * code, see whose it is and whether it still holds, and accept it once, with the till's order reference if any.
 * A code the business never issued, or one used, cancelled or expired, is said so in the dialog, not in a modal.
 */
export const AcceptCouponDialog = ({ opened, onClose }: TDialogProps) => {
  const [code, setCode] = useState('');
  const [orderId, setOrderId] = useState('');
  const [missing, setMissing] = useState(false);
  const find = useFindCoupon();
  const accept = useAcceptCoupon();
  const once = useOneAtATime();
  const coupon = accept.data ? ({ ...find.data, ...accept.data } as TCouponLookup) : find.data;

  const startOver = () => {
    find.reset();
    accept.reset();
    setCode('');
    setOrderId('');
  };
  const close = () => {
    startOver();
    onClose();
  };
  const onFind = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    accept.reset();
    find.mutate(code.trim());
  };
  const onAccept = () =>
    once(async () => {
      const found = find.data?.coupon_code;
      if (!found) return;
      // Refused meanwhile (another till used it, or it just expired): the refusal shows, and the coupon as it now is.
      await accept.mutateAsync({ code: found, orderId }).catch(() => find.mutate(found));
    });

  const refusal = coupon ? refusalOf(coupon) : null;
  const error = couponErrorText(accept.error ?? find.error);

  return (
    <Modal opened={opened} onClose={close} title={COUPON_TEXTS.title} size="lg">
      <Stack gap="md">
        <form onSubmit={onFind} noValidate>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={COUPON_TEXTS.code}
              placeholder={COUPON_TEXTS.codePlaceholder}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setMissing(false);
              }}
              error={missing ? COUPON_TEXTS.codeRequired : undefined}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={25} variant="default" loading={find.isPending}>
              {COUPON_TEXTS.find}
            </Button>
          </Group>
        </form>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        {coupon && <CouponFacts coupon={coupon} onLeave={close} />}
        {accept.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
            {COUPON_TEXTS.accepted}
          </Alert>
        )}
        {coupon && refusal && !accept.isSuccess && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden />} role="status">
            {refusal}
          </Alert>
        )}
        {coupon && !refusal && !accept.isSuccess && (
          <TextInput
            label={COUPON_TEXTS.orderRef}
            description={COUPON_TEXTS.orderRefHint}
            value={orderId}
            onChange={(event) => setOrderId(event.currentTarget.value)}
            maxLength={200}
            autoComplete="off"
          />
        )}
        <Group justify="flex-end">
          {coupon && (accept.isSuccess || refusal) && (
            <Button variant="default" onClick={startOver}>
              {COUPON_TEXTS.another}
            </Button>
          )}
          <Button variant="default" onClick={close}>
            {COUPON_TEXTS.close}
          </Button>
          {coupon && !refusal && !accept.isSuccess && (
            <Button onClick={onAccept} loading={accept.isPending}>
              {COUPON_TEXTS.accept}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
};
