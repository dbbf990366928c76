import { SimpleGrid, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { fetchPlaceDetails } from '@/api/places';
import { WizardButtons, WizardForm } from '@/features/welcome/components/wizard-form';
import type { TCompanyDetailsValues, TFormErrors } from '@/features/welcome/validation';
import { AddressSearch } from '@/ui/address-search';

type TCompanyDetailsStepProps = {
  values: TCompanyDetailsValues;
  errors: TFormErrors<TCompanyDetailsValues>;
  onChange: (patch: Partial<TCompanyDetailsValues>) => void;
  onNext: () => Promise<unknown>;
  onBack: () => void;
};

/**
 * Step 2, company details (spec 1 §2.8): names, registration and VAT numbers, and the business address found
 * with the same place search as a customer's address, so that the registration carries its coordinates.
 */
export const CompanyDetailsStep = ({
  values,
  errors,
  onChange,
  onNext,
  onBack,
}: TCompanyDetailsStepProps) => {
  // Only the latest chosen prediction's details count when several requests overlap.
  const latest = useRef('');
  // 'Next' pressed while a chosen prediction's details are on their way waits for them.
  const details = useRef<Promise<unknown>>(Promise.resolve());
  return (
    <WizardForm label="Company Details" onSubmit={() => details.current.then(onNext)}>
      <TextInput
        label="Business Name"
        description="The name your customers know you by"
        autoComplete="organization"
        required
        value={values.businessName}
        error={errors.businessName}
        onChange={(event) => onChange({ businessName: event.currentTarget.value })}
      />
      <TextInput
        label="Registered Name"
        description="As registered with the companies office"
        required
        value={values.businessRegisteredName}
        error={errors.businessRegisteredName}
        onChange={(event) => onChange({ businessRegisteredName: event.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Registered Number"
          placeholder="e.g. 2020/123456/07"
          required
          value={values.businessRegisteredNumber}
          error={errors.businessRegisteredNumber}
          onChange={(event) => onChange({ businessRegisteredNumber: event.currentTarget.value })}
        />
        <TextInput
          label="VAT Number (optional)"
          placeholder="e.g. 4123456789"
          value={values.vatNumber}
          error={errors.vatNumber}
          onChange={(event) => onChange({ vatNumber: event.currentTarget.value })}
        />
      </SimpleGrid>
      <AddressSearch
        label="Business Address"
        placeholder="Start typing the street address"
        text={values.address}
        error={errors.address}
        onTextChange={(text) => {
          latest.current = '';
          onChange({ address: text, coordinates: null });
        }}
        onChoose={(chosen) => {
          latest.current = chosen.place_id;
          onChange({ address: chosen.description, coordinates: null });
          details.current = fetchPlaceDetails(chosen.place_id)
            .then((place) => {
              if (latest.current === chosen.place_id) onChange({ coordinates: place.geometry.location });
            })
            // Address-search errors are only logged (spec 1 §8); the address stays unchosen.
            .catch((error: unknown) => console.error('Address details failed:', error));
        }}
      />
      <WizardButtons onBack={onBack} />
    </WizardForm>
  );
};
