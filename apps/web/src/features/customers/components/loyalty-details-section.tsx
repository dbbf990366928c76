import { CUSTOMER_MESSAGES, LIMITS, LOYALTY_RULE_MESSAGES, type TLoyalty } from '@laurel/contract';
import { Badge, Loader, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { useUpdateLoyalty } from '@/features/customers/api';
import { EditControls, ProfileSection } from '@/features/customers/components/profile-section';
import { displayDate } from '@/features/customers/customer-format';
import { Fact } from '@/ui/fact';
import { lazyComponent } from '@/ui/lazy-component';

// The edit mode's fields (the Checkbox and its group and card parts) load on Edit.
const LoyaltyDetailsFields = lazyComponent(
  () => import('@/features/customers/components/loyalty-details-fields'),
  'LoyaltyDetailsFields',
);

export type TLoyaltyValues = { loyalty_number: string; member_card_number: string; linked: boolean };
export type TLoyaltyErrors = Partial<Record<keyof TLoyaltyValues, string>>;

const valuesOf = (loyalty: TLoyalty): TLoyaltyValues => ({
  loyalty_number: loyalty.loyalty_number,
  member_card_number: loyalty.card.number,
  linked: loyalty.card.linked,
});

/** The loyalty form and its card must both be valid (spec 1 §5); the card number has 15 characters. */
export const loyaltyErrors = (values: TLoyaltyValues): TLoyaltyErrors => {
  const errors: TLoyaltyErrors = {};
  if (values.loyalty_number.trim() === '')
    errors.loyalty_number = LOYALTY_RULE_MESSAGES.loyaltyNumberRequired;
  const card = values.member_card_number.trim();
  if (card === '') errors.member_card_number = LOYALTY_RULE_MESSAGES.cardNumberRequired;
  else if (card.length !== LIMITS.loyaltyCardNumberLength)
    errors.member_card_number = CUSTOMER_MESSAGES.cardNumberLength;
  return errors;
};

type TLoyaltyDetailsSectionProps = { loyalty: TLoyalty; canEdit: boolean };

/**
 * The customer's loyalty details, editable like the personal information: a successful update reloads the loyalty
 * and returns to view mode; a failure shows the request-error title (spec 1 §4, §8).
 */
export const LoyaltyDetailsSection = ({ loyalty, canEdit }: TLoyaltyDetailsSectionProps) => {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => valuesOf(loyalty));
  const update = useUpdateLoyalty();
  const errors = loyaltyErrors(values);
  const original = valuesOf(loyalty);
  const changed =
    values.loyalty_number.trim() !== original.loyalty_number ||
    values.member_card_number.trim() !== original.member_card_number ||
    values.linked !== original.linked;

  const confirm = () =>
    update.mutate(
      {
        _id: loyalty._id,
        customer_id: loyalty.customer_id,
        loyalty_number: values.loyalty_number.trim(),
        member_card_number: values.member_card_number.trim(),
        linked: values.linked,
        member_branch_id: loyalty.member_branch_id,
        user: loyalty.user,
      },
      {
        onSuccess: (result) => {
          setEditing(false);
          setValues(valuesOf(result.content));
          notifications.show({ color: 'teal', message: result.message, autoClose: 3000 });
        },
      },
    );

  return (
    <ProfileSection
      title="Loyalty Details"
      actions={
        canEdit && (
          <EditControls
            subject="loyalty details"
            editing={editing}
            busy={update.isPending}
            canConfirm={Object.keys(errors).length === 0 && changed}
            onEdit={() => {
              setValues(valuesOf(loyalty));
              setEditing(true);
            }}
            onConfirm={confirm}
            onCancel={() => {
              setValues(valuesOf(loyalty));
              setEditing(false);
            }}
          />
        )
      }
    >
      {editing ? (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the form" />}>
          <LoyaltyDetailsFields values={values} errors={errors} onChange={setValues} />
        </Suspense>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Loyalty Number">{loyalty.loyalty_number}</Fact>
          {/* A member enrolled by loyalty number alone (API, import) has no card yet. */}
          <Fact label="Card Number">{loyalty.card.number || 'No card yet'}</Fact>
          <Fact label="Physical Card">
            <Badge variant="light" color={loyalty.card.linked ? 'teal' : 'gray'} tt="none">
              {loyalty.card.linked ? 'Linked' : 'Not linked'}
            </Badge>
          </Fact>
          <Fact label="Member Date">{displayDate(loyalty.member_date)}</Fact>
        </SimpleGrid>
      )}
    </ProfileSection>
  );
};
