import {
  ADD_CUSTOMER_MESSAGES,
  COMMON_MESSAGES,
  CUSTOMER_PROFILE_MESSAGES,
  DATE_FORMAT,
  isCellNumber,
  isEmail,
  type TCustomer,
  toIsoDate,
} from '@laurel/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type TUpdateCustomerBody, useUpdateCustomer } from '@/features/customers/api';
import { EditControls, ProfileSection } from '@/features/customers/components/profile-section';
import { displayCellNumber, displayDate } from '@/features/customers/customer-format';
import { Fact } from '@/ui/fact';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';
import { openMessageModal } from '@/ui/message-modal';

type TPersonalValues = {
  name: string;
  surname: string;
  cell_number: string;
  email: string;
  birthday: string;
};
type TPersonalErrors = Partial<Record<keyof TPersonalValues, string>>;

const valuesOf = (customer: TCustomer): TPersonalValues => ({
  name: customer.name,
  surname: customer.surname,
  cell_number: customer.cell_number ? displayCellNumber(customer.cell_number) : '',
  email: customer.email ?? '',
  birthday: customer.birthday ?? '',
});

/** Date of birth today or later is refused (spec 1 §5). */
export const personalErrors = (values: TPersonalValues): TPersonalErrors => {
  const errors: TPersonalErrors = {};
  if (values.name.trim() === '') errors.name = ADD_CUSTOMER_MESSAGES.nameRequired;
  if (values.surname.trim() === '') errors.surname = ADD_CUSTOMER_MESSAGES.surnameRequired;
  if (!isCellNumber(values.cell_number)) errors.cell_number = ADD_CUSTOMER_MESSAGES.invalidPhoneNumber;
  if (values.email.trim() !== '' && !isEmail(values.email)) errors.email = ADD_CUSTOMER_MESSAGES.invalidEmail;
  if (values.birthday !== '' && values.birthday >= toIsoDate(new Date()))
    errors.birthday = CUSTOMER_PROFILE_MESSAGES.futureDateNotAllowed;
  return errors;
};

const sameValues = (a: TPersonalValues, b: TPersonalValues) =>
  (Object.keys(a) as (keyof TPersonalValues)[]).every((key) => a[key].trim() === b[key].trim());

type TPersonalInfoSectionProps = {
  customer: TCustomer;
  canEdit: boolean;
  /** Cancel reloads the customer (spec 1 §4). */
  onReload: () => void;
};

/** Personal information with view and edit modes (spec 1 §2.11). */
export const PersonalInfoSection = ({ customer, canEdit, onReload }: TPersonalInfoSectionProps) => {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => valuesOf(customer));
  const update = useUpdateCustomer();
  const errors = personalErrors(values);
  const valid = Object.keys(errors).length === 0;
  const changed = !sameValues(values, valuesOf(customer));
  const set = (field: keyof TPersonalValues, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const confirm = () => {
    const body: TUpdateCustomerBody = {
      _id: customer._id,
      name: values.name.trim(),
      surname: values.surname.trim(),
      cell_number: values.cell_number.trim(),
      email: values.email.trim(),
      birthday: values.birthday,
    };
    update.mutate(body, {
      onSuccess: (result) => {
        setEditing(false);
        setValues(valuesOf(result.content));
        openMessageModal({ title: COMMON_MESSAGES.successEllipsis, message: result.message });
      },
    });
  };

  return (
    <ProfileSection
      title="Personal Information"
      actions={
        canEdit && (
          <EditControls
            subject="personal information"
            editing={editing}
            busy={update.isPending}
            canConfirm={valid && changed}
            onEdit={() => {
              setValues(valuesOf(customer));
              setEditing(true);
            }}
            onConfirm={confirm}
            onCancel={() => {
              setEditing(false);
              setValues(valuesOf(customer));
              onReload();
            }}
          />
        )
      }
    >
      {editing ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name"
            required
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <TextInput
            label="Surname"
            required
            value={values.surname}
            error={errors.surname}
            onChange={(event) => set('surname', event.currentTarget.value)}
          />
          <TextInput
            label="Phone"
            type="tel"
            required
            value={values.cell_number}
            error={errors.cell_number}
            onChange={(event) => set('cell_number', event.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            error={errors.email}
            onChange={(event) => set('email', event.currentTarget.value)}
          />
          <LazyDateInput
            label="Date of Birth"
            placeholder={DATE_FORMAT}
            valueFormat={DATE_FORMAT}
            defaultLevel="decade"
            clearable
            value={values.birthday || null}
            error={errors.birthday}
            onChange={(value) => set('birthday', value ?? '')}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Name">{customer.name}</Fact>
          <Fact label="Surname">{customer.surname}</Fact>
          <Fact label="Phone">{displayCellNumber(customer.cell_number)}</Fact>
          <Fact label="Email">{customer.email ?? '—'}</Fact>
          <Fact label="Date of Birth">{displayDate(customer.birthday)}</Fact>
          {/* The id the client's own systems know the customer by (set over the integrator API). */}
          {customer.external_id && <Fact label="External ID">{customer.external_id}</Fact>}
        </SimpleGrid>
      )}
    </ProfileSection>
  );
};
