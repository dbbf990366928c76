import type { TBankAccountType } from '@laurel/contract';
import { Divider, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { BANK_ACCOUNT_TYPE_OPTIONS } from '@/features/settings/branches/branch-options';
import { LazySelect } from '@/ui/lazy-select';
import { FormSection, type TSectionProps } from './form-section';

/** Business: the legal entity behind the branch, VAT and (for a franchise) where its money goes. */
export const BusinessSection = ({ values, update, errorOf, disabled }: TSectionProps) => {
  const banking = values.banking_details;
  const setBanking = (patch: Partial<typeof banking>, field: keyof typeof banking) =>
    update({ banking_details: { ...banking, ...patch } }, [`banking_details.${field}`, 'banking_details']);
  const bankingError = errorOf('banking_details');
  return (
    <FormSection
      title="Business"
      description="The registered business behind this branch, its VAT status and, for a franchise, its bank account."
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Registered Name"
            value={values.registered_name}
            error={errorOf('registered_name')}
            disabled={disabled}
            onChange={(event) => update({ registered_name: event.currentTarget.value }, ['registered_name'])}
          />
          <TextInput
            label="Registration Number"
            value={values.registration_number}
            error={errorOf('registration_number')}
            disabled={disabled}
            onChange={(event) =>
              update({ registration_number: event.currentTarget.value }, ['registration_number'])
            }
          />
        </SimpleGrid>

        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Switch
            label="VAT registered"
            description="The branch charges VAT."
            checked={values.vat_registered}
            disabled={disabled}
            onChange={(event) => update({ vat_registered: event.currentTarget.checked }, ['vat_registered'])}
          />
          {values.vat_registered && (
            <TextInput
              label="VAT Number"
              required
              value={values.vat_number}
              error={errorOf('vat_number')}
              disabled={disabled}
              onChange={(event) => update({ vat_number: event.currentTarget.value }, ['vat_number'])}
            />
          )}
        </SimpleGrid>

        <Divider />
        <Switch
          label="Franchise"
          description="A franchise is paid out to its own bank account, so it needs banking details."
          checked={values.franchise}
          disabled={disabled}
          onChange={(event) => update({ franchise: event.currentTarget.checked }, ['franchise'])}
        />
        <Stack gap="xs" role="group" aria-label="Banking details">
          <Text fw={600} size="sm">
            Banking details
            {values.franchise && (
              <Text component="span" c="red" aria-hidden>
                {' *'}
              </Text>
            )}
          </Text>
          {bankingError && (
            <Text size="sm" c="red" role="alert">
              {bankingError}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="Account Number"
              inputMode="numeric"
              value={banking.account_number}
              error={errorOf('banking_details.account_number')}
              disabled={disabled}
              onChange={(event) =>
                setBanking({ account_number: event.currentTarget.value }, 'account_number')
              }
            />
            <LazySelect
              label="Account Type"
              placeholder="Choose a type"
              data={BANK_ACCOUNT_TYPE_OPTIONS}
              value={banking.account_type || null}
              clearable
              error={errorOf('banking_details.account_type')}
              disabled={disabled}
              onChange={(value) =>
                setBanking({ account_type: (value ?? '') as TBankAccountType | '' }, 'account_type')
              }
            />
            <TextInput
              label="Branch Code"
              inputMode="numeric"
              value={banking.branch_code}
              error={errorOf('banking_details.branch_code')}
              disabled={disabled}
              onChange={(event) => setBanking({ branch_code: event.currentTarget.value }, 'branch_code')}
            />
            <TextInput
              label="Bank Name"
              value={banking.name}
              error={errorOf('banking_details.name')}
              disabled={disabled}
              onChange={(event) => setBanking({ name: event.currentTarget.value }, 'name')}
            />
          </SimpleGrid>
        </Stack>
      </Stack>
    </FormSection>
  );
};
