import { SimpleGrid, TextInput } from '@mantine/core';
import { FormSection, HINT_BELOW, type TSectionProps } from './form-section';

/** Details: how customers and staff know the branch. */
export const DetailsSection = ({ values, update, errorOf, disabled }: TSectionProps) => (
  <FormSection title="Details" description="How customers and staff recognise and reach this branch.">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput
        label="Display Name"
        required
        value={values.display_name}
        error={errorOf('display_name')}
        disabled={disabled}
        onChange={(event) => update({ display_name: event.currentTarget.value }, ['display_name'])}
      />
      <TextInput
        label="Branch Number"
        value={values.branch_number}
        error={errorOf('branch_number')}
        disabled={disabled}
        onChange={(event) => update({ branch_number: event.currentTarget.value }, ['branch_number'])}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="off"
        value={values.email}
        error={errorOf('email')}
        disabled={disabled}
        onChange={(event) => update({ email: event.currentTarget.value }, ['email'])}
      />
      <TextInput
        label="Contact Number"
        type="tel"
        inputMode="numeric"
        description="10 digits, such as 0214567890"
        inputWrapperOrder={HINT_BELOW}
        value={values.contact_number}
        error={errorOf('contact_number')}
        disabled={disabled}
        onChange={(event) => update({ contact_number: event.currentTarget.value }, ['contact_number'])}
      />
    </SimpleGrid>
    <TextInput
      mt="sm"
      label="Image URL"
      description="Optional: a picture of the branch for your apps."
      inputWrapperOrder={HINT_BELOW}
      placeholder="https://…"
      value={values.image_url}
      error={errorOf('image_url')}
      disabled={disabled}
      onChange={(event) => update({ image_url: event.currentTarget.value }, ['image_url'])}
    />
    <TextInput
      mt="sm"
      label="Address"
      value={values.address}
      error={errorOf('address') ?? errorOf('address.full_address')}
      disabled={disabled}
      onChange={(event) =>
        update({ address: event.currentTarget.value }, ['address', 'address.full_address'])
      }
    />
  </FormSection>
);
