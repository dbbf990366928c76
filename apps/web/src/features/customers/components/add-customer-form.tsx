import '@mantine/dates/styles.css';
import {
  BUTTON_LABELS,
  COMMUNICATION_METHOD_LABELS,
  COMMUNICATION_METHODS,
  DATE_FORMAT,
  GENDER_LABELS,
  GENDERS,
  LIMITS,
  type TCommunicationMethod,
  type TGender,
  toIsoDate,
} from '@laurel/contract';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  canSaveCustomer,
  customerErrors,
  type TAddCustomerField,
  type TAddCustomerValues,
} from '@/features/customers/add-customer-values';
import { BranchSelect } from '@/features/customers/components/branch-select';
import type { TCustomerBranchRule } from '@/features/customers/customer-rules';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';

const genderOptions = GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] }));

const yesterday = () => toIsoDate(new Date(Date.now() - 24 * 60 * 60 * 1000));

export type TAddCustomerFormProps = {
  initialValues: TAddCustomerValues;
  branchRule: TCustomerBranchRule;
  busy: boolean;
  onSubmit: (values: TAddCustomerValues) => void;
  onCancel: () => void;
};

/** The Add Customer form (spec 1 §2.10, §5); Save is enabled only by the spec's rule. */
export const AddCustomerForm = ({
  initialValues,
  branchRule,
  busy,
  onSubmit,
  onCancel,
}: TAddCustomerFormProps) => {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<TAddCustomerField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = customerErrors(values);
  const shown = (field: TAddCustomerField) => {
    // Checked as it is typed once it can be judged: a half-typed number is not wrong yet.
    const typed =
      field === 'cell_number'
        ? values.cell_number.length >= LIMITS.cellNumberLength
        : (field === 'email' || field === 'member_card_number' || field === 'birthday') &&
          values[field] !== '';
    return submitted || touched[field] || typed ? errors[field] : undefined;
  };
  const set = <K extends TAddCustomerField>(field: K, value: TAddCustomerValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: TAddCustomerField) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canSaveCustomer(values) || Object.keys(errors).length > 0) return;
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} aria-label="Add Customer" noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={values.name}
            error={shown('name')}
            onBlur={touch('name')}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <TextInput
            label="Surname"
            required
            value={values.surname}
            error={shown('surname')}
            onBlur={touch('surname')}
            onChange={(event) => set('surname', event.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            placeholder="Optional"
            value={values.email}
            error={shown('email')}
            onBlur={touch('email')}
            onChange={(event) => set('email', event.currentTarget.value)}
          />
          <TextInput
            label="Cell Number"
            type="tel"
            inputMode="tel"
            placeholder="e.g. 0821234567"
            required
            value={values.cell_number}
            error={shown('cell_number')}
            onBlur={touch('cell_number')}
            onChange={(event) => set('cell_number', event.currentTarget.value.trim())}
          />
          <Select
            label="Gender"
            placeholder="N/A"
            data={genderOptions}
            value={values.gender || null}
            clearable
            onChange={(value) => set('gender', (value ?? '') as TGender | '')}
          />
          <TextInput
            label="Member Card Number"
            placeholder="Optional"
            maxLength={LIMITS.loyaltyCardNumberLength}
            value={values.member_card_number}
            error={shown('member_card_number')}
            onBlur={touch('member_card_number')}
            onChange={(event) => set('member_card_number', event.currentTarget.value)}
          />
          <LazyDateInput
            label="Birthday"
            placeholder={DATE_FORMAT}
            valueFormat={DATE_FORMAT}
            defaultLevel="decade"
            defaultDate="1990-01-01"
            maxDate={yesterday()}
            clearable
            value={values.birthday || null}
            error={shown('birthday')}
            onChange={(value) => set('birthday', value ?? '')}
          />
          {branchRule.kind !== 'fixed' && (
            <BranchSelect
              label="Branch"
              scope={branchRule.scope}
              required={branchRule.kind === 'required'}
              placeholder={branchRule.kind === 'required' ? 'Select a branch' : 'Optional'}
              value={values.member_branch_id || null}
              onChange={(value) => set('member_branch_id', value ?? '')}
            />
          )}
        </SimpleGrid>
        <Checkbox.Group
          label="Communication Methods"
          value={values.communication_method}
          onChange={(value) => set('communication_method', value as TCommunicationMethod[])}
        >
          <Group gap="lg" mt={6}>
            {COMMUNICATION_METHODS.map((method) => (
              <Checkbox key={method} value={method} label={COMMUNICATION_METHOD_LABELS[method]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {BUTTON_LABELS.cancel}
          </Button>
          <Button type="submit" disabled={!canSaveCustomer(values)} loading={busy}>
            {BUTTON_LABELS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
