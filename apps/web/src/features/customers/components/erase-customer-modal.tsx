import { ERASE_CONFIRMATION_WORD, type TCustomer } from '@laurel/contract';
import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useEraseCustomer } from '@/features/customers/api';
import { customerWalletsQuery } from '@/features/economy';
import { formatBalance } from '@/ui/balance-format';
import { mutateSettled, useOneAtATime } from '@/ui/use-one-at-a-time';

type TEraseCustomerModalProps = { customer: TCustomer; opened: boolean; onClose: () => void };

/** What erasing forfeits: every balance the member holds (an erased member can never redeem it). */
const ForfeitedBalances = ({ customerId }: { customerId: string }) => {
  const wallets = useQuery(customerWalletsQuery(customerId));
  if (wallets.isPending) return <Text size="sm">Checking their balances…</Text>;
  if (!wallets.data) return <Text size="sm">Any balance they hold is forfeited.</Text>;
  const held = wallets.data.filter((wallet) => wallet.balance > 0);
  if (held.length === 0) return <Text size="sm">They hold no balance, so nothing is forfeited.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">
        They can never redeem again, so these balances are forfeited and leave your points liability:
      </Text>
      <List size="sm" aria-label="Balances forfeited">
        {held.map((wallet) => (
          <List.Item key={wallet.currency._id}>
            <strong>{formatBalance(wallet.balance)}</strong> {wallet.currency.name}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
};

/**
 * Erase (privacy): irreversible, so the user types ERASE first. A fixed word rather than the member's email:
 * every member has one to type (not every member has an email), and the dialog names who is erased above it.
 */
export const EraseCustomerModal = ({ customer, opened, onClose }: TEraseCustomerModalProps) => {
  const [typed, setTyped] = useState('');
  const erase = useEraseCustomer();
  const confirmed = typed.trim() === ERASE_CONFIRMATION_WORD;
  const who = [`${customer.name} ${customer.surname}`, customer.email].filter(Boolean).join(', ');

  // A double-click's second submit comes before the button shows it is busy: it must send nothing (the erase
  // answered 409 to it, and the user was told that an erase which worked had failed).
  const once = useOneAtATime();
  const submit = () =>
    void once(() =>
      mutateSettled(erase, customer._id, () => {
        notifications.show({
          color: 'teal',
          title: 'Customer erased',
          message: 'Their personal data is gone.',
        });
        onClose();
      }),
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Erase this customer's personal data?" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !erase.isPending) submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            You are about to erase <strong>{who}</strong>. Their name, email, cell number, birthday, loyalty
            record, addresses, cards and the personal details in their activity are removed for good. Their
            orders, wallet ledger and statistics stay, as "Erased customer", so your reports still add up.
            Coupons already issued to them stay valid until they expire: a code was paid for and names no one.
          </Text>
          <ForfeitedBalances customerId={customer._id} />
          <Text size="sm" fw={600}>
            This cannot be undone. Type {ERASE_CONFIRMATION_WORD} to confirm.
          </Text>
          <TextInput
            label={`Type ${ERASE_CONFIRMATION_WORD} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={erase.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" disabled={!confirmed} loading={erase.isPending}>
              Erase customer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
