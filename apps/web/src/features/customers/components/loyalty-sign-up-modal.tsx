import '@mantine/dates/styles.css';
import {
  BUTTON_LABELS,
  COMMON_MESSAGES,
  DATE_FORMAT,
  DEBOUNCE_MS,
  dateProblem,
  LIMITS,
  LOYALTY_MESSAGES,
  type TCustomer,
  toIsoDate,
} from '@laurel/contract';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useState } from 'react';
import { useSession } from '@/api/use-session';
import { type TBranchOption, useLoyaltySignUp } from '@/features/customers/api';
import { BranchSelect } from '@/features/customers/components/branch-select';
import { loyaltyBranchScope } from '@/features/customers/customer-rules';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';
import { openMessageModal } from '@/ui/message-modal';

export type TLoyaltySignUpValues = {
  member_branch_id: string | null;
  loyalty_number: string;
  member_card_number: string;
  linked: boolean;
  member_date: string;
};

/** Save is disabled unless a loyalty number, a 15-character card, the physical-card link and a date the API takes are given. */
export const isLoyaltySignUpValid = (values: TLoyaltySignUpValues) =>
  values.loyalty_number.trim() !== '' &&
  values.member_card_number.trim().length === LIMITS.loyaltyCardNumberLength &&
  values.linked &&
  dateProblem(values.member_date) === null;

type TLoyaltySignUpModalProps = { customer: TCustomer; opened: boolean; onClose: () => void };

/** Signs the customer up for loyalty (spec 1 §2.12). */
export const LoyaltySignUpModal = ({ customer, opened, onClose }: TLoyaltySignUpModalProps) => {
  const signUp = useLoyaltySignUp();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!signUp.isPending) onClose();
      }}
      title="Loyalty Sign-up"
      size="md"
    >
      <LoyaltySignUpForm
        busy={signUp.isPending}
        onCancel={onClose}
        onSubmit={(values) =>
          signUp.mutate(
            {
              customer_id: customer._id,
              loyalty_number: values.loyalty_number.trim(),
              member_card_number: values.member_card_number.trim(),
              linked: true,
              member_date: values.member_date,
              member_branch_id: values.member_branch_id,
              cell_number: customer.cell_number ?? undefined,
            },
            {
              onSuccess: (result) => {
                onClose();
                openMessageModal({ title: COMMON_MESSAGES.successEllipsis, message: result.message });
              },
            },
          )
        }
      />
    </Modal>
  );
};

type TLoyaltySignUpFormProps = {
  busy: boolean;
  onSubmit: (values: TLoyaltySignUpValues) => void;
  onCancel: () => void;
};

export const LoyaltySignUpForm = ({ busy, onSubmit, onCancel }: TLoyaltySignUpFormProps) => {
  const user = useSession()?.user;
  const branches = loyaltyBranchScope(user ?? { role: 'BRANCH_MANAGER', manager_of: [] });
  const [values, setValues] = useState<TLoyaltySignUpValues>({
    member_branch_id: branches.preselected,
    loyalty_number: '',
    member_card_number: '',
    linked: false,
    member_date: toIsoDate(new Date()),
  });
  const set = <K extends keyof TLoyaltySignUpValues>(field: K, value: TLoyaltySignUpValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const card = values.member_card_number.trim();
  const valid = isLoyaltySignUpValid(values);
  // Managers see only their branches; the first is already chosen.
  const preselectFirst = useCallback(
    (options: TBranchOption[]) =>
      setValues((current) =>
        current.member_branch_id || branches.scope === 'all'
          ? current
          : { ...current, member_branch_id: options[0]?.value ?? null },
      ),
    [branches.scope],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onSubmit(values);
  };

  return (
    <form onSubmit={submit} aria-label="Loyalty sign-up" noValidate>
      <Stack gap="md">
        <BranchSelect
          label="Branch"
          scope={branches.scope}
          required={branches.scope !== 'all'}
          debounceMs={DEBOUNCE_MS.loyaltyBranchSearch}
          value={values.member_branch_id}
          onChange={(value) => set('member_branch_id', value)}
          onOptionsLoaded={preselectFirst}
        />
        <TextInput
          label="Loyalty Number"
          required
          data-autofocus
          value={values.loyalty_number}
          onChange={(event) => set('loyalty_number', event.currentTarget.value)}
        />
        <TextInput
          label="Card Number"
          required
          maxLength={LIMITS.loyaltyCardNumberLength}
          description={`${card.length}/${LIMITS.loyaltyCardNumberLength} characters`}
          value={values.member_card_number}
          onChange={(event) => set('member_card_number', event.currentTarget.value)}
        />
        <Checkbox
          label={LOYALTY_MESSAGES.linkToPhysicalCard}
          required
          checked={values.linked}
          onChange={(event) => set('linked', event.currentTarget.checked)}
        />
        <LazyDateInput
          label="Member Date"
          required
          placeholder={DATE_FORMAT}
          valueFormat={DATE_FORMAT}
          maxDate={toIsoDate(new Date())}
          value={values.member_date || null}
          onChange={(value) => set('member_date', value ?? '')}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {BUTTON_LABELS.cancel}
          </Button>
          <Button type="submit" disabled={!valid} loading={busy}>
            {BUTTON_LABELS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
