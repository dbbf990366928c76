import { SimpleGrid, TextInput } from '@mantine/core';
import { WizardButtons, WizardForm } from '@/features/welcome/components/wizard-form';
import type { TCompanyDetailsValues, TFormErrors } from '@/features/welcome/validation';

type TCompanyDetailsStepProps = {
  values: TCompanyDetailsValues;
  errors: TFormErrors<TCompanyDetailsValues>;
  onChange: (patch: Partial<TCompanyDetailsValues>) => void;
  onNext: () => void;
  onBack: () => void;
};

/** Step 2, company details (spec 1 §2.8): names, registration and VAT numbers, business address. */
export const CompanyDetailsStep = ({
  values,
  errors,
  onChange,
  onNext,
  onBack,
}: TCompanyDetailsStepProps) => (
  <WizardForm label="Company Details" onSubmit={onNext}>
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
    <TextInput
      label="Business Address"
      placeholder="Street, suburb, city"
      autoComplete="street-address"
      required
      value={values.address}
      error={errors.address}
      onChange={(event) => onChange({ address: event.currentTarget.value })}
    />
    <WizardButtons onBack={onBack} />
  </WizardForm>
);
