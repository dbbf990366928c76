import {
  BUTTON_LABELS,
  COMMON_MESSAGES,
  EARN_CONFIG_MESSAGES,
  ECONOMY_API_MESSAGES,
  type TWallet,
} from '@laurel/contract';
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAdjustWallet } from '@/features/economy/api';
import type { TNumberField } from '@/features/economy/earn-config-form-values';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { openMessageModal } from '@/ui/message-modal';

type TAdjustWalletModalProps = {
  customerId: string;
  wallets: TWallet[];
  opened: boolean;
  onClose: () => void;
};
type TDirection = 'credit' | 'debit';

const problemsOf = (currency: string | null, amount: TNumberField, reason: string) => ({
  currency: currency ? undefined : EARN_CONFIG_MESSAGES.currencyRequired,
  amount: amount === '' || amount <= 0 ? ECONOMY_API_MESSAGES.amountRequired : undefined,
  reason: reason.trim() ? undefined : ECONOMY_API_MESSAGES.reasonRequired,
});

/**
 * An admin's manual credit or debit of one currency, with the reason the ledger and the audit log keep. A debit
 * beyond the balance is refused by the server ('Insufficient balance').
 */
export const AdjustWalletModal = ({ customerId, wallets, opened, onClose }: TAdjustWalletModalProps) => {
  const adjust = useAdjustWallet(customerId);
  const [currency, setCurrency] = useState<string | null>(
    wallets.length === 1 ? (wallets[0]?.currency._id ?? null) : null,
  );
  const [direction, setDirection] = useState<TDirection>('credit');
  const [amount, setAmount] = useState<TNumberField>('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problems = problemsOf(currency, amount, reason);
  const shown = tried ? problems : { currency: undefined, amount: undefined, reason: undefined };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!currency || amount === '' || problems.amount || problems.reason) return;
    adjust.mutate(
      { currency, direction, amount, reason: reason.trim() },
      {
        onSuccess: () => {
          onClose();
          openMessageModal({
            title: COMMON_MESSAGES.successExclaimed,
            message: ECONOMY_API_MESSAGES.adjusted,
          });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={ECONOMY_TEXTS.adjustTitle} size="md">
      <form onSubmit={submit} noValidate aria-label={ECONOMY_TEXTS.adjustTitle}>
        <Stack gap="md">
          <Select
            label={ECONOMY_TEXTS.currency}
            required
            data={wallets.map((wallet) => ({
              value: wallet.currency._id,
              label: `${wallet.currency.name} (balance ${wallet.balance.toFixed(2)})`,
            }))}
            value={currency}
            allowDeselect={false}
            error={shown.currency}
            onChange={setCurrency}
          />
          <SegmentedControl
            aria-label="Direction"
            data={[
              { value: 'credit', label: ECONOMY_TEXTS.credit },
              { value: 'debit', label: ECONOMY_TEXTS.debit },
            ]}
            value={direction}
            onChange={(value) => setDirection(value as TDirection)}
          />
          <NumberInput
            label={ECONOMY_TEXTS.amount}
            required
            min={0}
            decimalScale={2}
            hideControls
            value={amount}
            error={shown.amount}
            onChange={(value) =>
              setAmount(typeof value === 'number' ? value : value === '' ? '' : Number(value))
            }
          />
          <Textarea
            label={ECONOMY_TEXTS.reason}
            required
            rows={2}
            maxLength={500}
            value={reason}
            error={shown.reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={adjust.isPending}>
              {BUTTON_LABELS.cancel}
            </Button>
            <Button
              type="submit"
              loading={adjust.isPending}
              color={direction === 'debit' ? 'red' : undefined}
            >
              {direction === 'credit' ? ECONOMY_TEXTS.credit : ECONOMY_TEXTS.debit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
