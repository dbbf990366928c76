import { COMPANY_INFORMATION_MESSAGES, ONBOARDING_OPTIONS } from '@laurel/contract';
import { Checkbox, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { WizardButtons, WizardForm } from '@/features/welcome/components/wizard-form';
import type { TCompanyInformationValues, TFormErrors } from '@/features/welcome/validation';
import { LazySelect } from '@/ui/lazy-select';
import classes from './choice-card.module.css';

type TCompanyInformationStepProps = {
  values: TCompanyInformationValues;
  errors: TFormErrors<TCompanyInformationValues>;
  onChange: (patch: Partial<TCompanyInformationValues>) => void;
  /** Registers the business. */
  onNext: () => Promise<unknown>;
  onBack: () => void;
};

/** Step 3, company information (spec 1 §2.8): what the business is, sells, and its industry. */
export const CompanyInformationStep = ({
  values,
  errors,
  onChange,
  onNext,
  onBack,
}: TCompanyInformationStepProps) => (
  <WizardForm label="Company Information" onSubmit={onNext}>
    <Radio.Group
      label={COMPANY_INFORMATION_MESSAGES.businessTypeQuestion}
      required
      value={values.businessType}
      error={errors.businessType}
      onChange={(businessType) => onChange({ businessType })}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {ONBOARDING_OPTIONS.experience.map((option) => (
          <Radio.Card key={option} value={option} radius="md" className={classes.card}>
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator size="sm" />
              <Text size="sm">{option}</Text>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
    <Checkbox.Group
      label={COMPANY_INFORMATION_MESSAGES.sellingQuestion}
      description="Choose all that apply"
      required
      value={values.sellingProducts}
      error={errors.sellingProducts}
      onChange={(sellingProducts) => onChange({ sellingProducts })}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {ONBOARDING_OPTIONS.product_types.map((option) => (
          <Checkbox.Card key={option} value={option} radius="md" className={classes.card}>
            <Group wrap="nowrap" gap="sm">
              <Checkbox.Indicator size="sm" />
              <Text size="sm">{option}</Text>
            </Group>
          </Checkbox.Card>
        ))}
      </SimpleGrid>
    </Checkbox.Group>
    <LazySelect
      label={COMPANY_INFORMATION_MESSAGES.industryLabel}
      placeholder="Choose your industry"
      required
      data={[...ONBOARDING_OPTIONS.industry]}
      value={values.industry || null}
      error={errors.industry}
      onChange={(industry) => onChange({ industry: industry ?? '' })}
    />
    <WizardButtons onBack={onBack} />
  </WizardForm>
);
