import { LIMITS, LOYALTY_MESSAGES } from '@laurel/contract';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import type { TLoyaltyErrors, TLoyaltyValues } from '@/features/customers/components/loyalty-details-section';

type TLoyaltyDetailsFieldsProps = {
  values: TLoyaltyValues;
  errors: TLoyaltyErrors;
  onChange: Dispatch<SetStateAction<TLoyaltyValues>>;
};

/** The loyalty details in edit mode (loyalty-details-section.tsx loads them on Edit). */
export const LoyaltyDetailsFields = ({ values, errors, onChange }: TLoyaltyDetailsFieldsProps) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
    <TextInput
      label="Loyalty Number"
      required
      value={values.loyalty_number}
      error={errors.loyalty_number}
      onChange={(event) => {
        const { value } = event.currentTarget;
        onChange((current) => ({ ...current, loyalty_number: value }));
      }}
    />
    <TextInput
      label="Card Number"
      required
      maxLength={LIMITS.loyaltyCardNumberLength}
      value={values.member_card_number}
      error={errors.member_card_number}
      onChange={(event) => {
        const { value } = event.currentTarget;
        onChange((current) => ({ ...current, member_card_number: value }));
      }}
    />
    <Checkbox
      label={LOYALTY_MESSAGES.linkToPhysicalCard}
      checked={values.linked}
      onChange={(event) => {
        const { checked } = event.currentTarget;
        onChange((current) => ({ ...current, linked: checked }));
      }}
    />
  </SimpleGrid>
);
