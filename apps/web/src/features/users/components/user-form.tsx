import {
  BUTTON_LABELS,
  STAFF_FORM_STATUS_LABELS,
  STAFF_FORM_STATUSES,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type TCreateClientUserRequest,
  type TStaffFormStatus,
  type TStaffRole,
  type TUpdateClientUserRequest,
} from '@laurel/contract';
import { Alert, Button, Grid, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import type { TBranchOption } from '@/features/users/api';
import { NoFeaturesWarning } from '@/features/users/components/no-features-warning';
import { PermissionGrid } from '@/features/users/components/permission-grid';
import {
  isSameValues,
  needsBranches,
  type PERSONAL_FIELDS,
  type TUserFormField,
  type TUserFormMode,
  type TUserFormValues,
  viewsNoFeature,
  withRole,
} from '@/features/users/user-form-values';
import { lazyModule } from '@/ui/lazy-module';
import { LazyMultiSelect, LazySelect } from '@/ui/lazy-select';
import { SectionCard } from '@/ui/section-card';
import { useLazyChecks } from '@/ui/use-lazy-checks';

const userChecks = lazyModule(() => import('@/features/users/user-validation'));

type TPersonalField = (typeof PERSONAL_FIELDS)[number];

const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
const statusOptions = STAFF_FORM_STATUSES.map((status) => ({
  value: status,
  label: STAFF_FORM_STATUS_LABELS[status],
}));

export type TUserFormProps = {
  /** The form's accessible name. */
  label: string;
  initialValues: TUserFormValues;
  mode: TUserFormMode;
  /** The user being edited; none for a new user. */
  userId?: string;
  branches: TBranchOption[];
  branchesLoading?: boolean;
  submitting?: boolean;
  onSubmit: (body: TCreateClientUserRequest | TUpdateClientUserRequest) => void;
};

/**
 * The user page's form (spec 1 §2.13, §5): personal details for everyone; account type, status, branches and
 * permissions for an admin. Save is enabled once something changed and the contract's schema accepts it; Cancel
 * appears once something changed and puts the form back.
 */
export const UserForm = ({
  label,
  initialValues,
  mode,
  userId,
  branches,
  branchesLoading = false,
  submitting = false,
  onSubmit,
}: TUserFormProps) => {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<TUserFormField>>(new Set());
  const changed = !isSameValues(values, initialValues);
  const checks = useLazyChecks(userChecks, changed);
  const result = useMemo(() => checks?.parseUserForm(values, mode, userId), [checks, values, mode, userId]);
  const errors = result && !result.ok ? result.errors : {};

  const touch = (...fields: TUserFormField[]) =>
    setTouched((current) =>
      fields.every((field) => current.has(field)) ? current : new Set([...current, ...fields]),
    );
  const errorOf = (field: TUserFormField) => (touched.has(field) ? errors[field] : undefined);
  const set = <K extends TUserFormField>(field: K, value: TUserFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const text = (
    field: TPersonalField,
    props: { label: string; type?: string; inputMode?: 'tel' | 'email'; fullWidth?: boolean },
  ) => (
    <TextInput
      label={props.label}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      style={props.fullWidth ? { gridColumn: '1 / -1' } : undefined}
      // Off, so that the browser does not offer the admin's own details for someone else's account.
      autoComplete="off"
      required
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      onBlur={() => touch(field)}
      error={errorOf(field)}
    />
  );

  const cancel = () => {
    setValues(initialValues);
    setTouched(new Set());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = (await userChecks.get()).parseUserForm(values, mode, userId);
    if (!checked.ok) {
      touch(...(Object.keys(checked.errors) as TUserFormField[]));
      return;
    }
    if (changed) onSubmit(checked.body);
  };

  const personal = (
    <SectionCard
      title="Personal details"
      description={
        mode.canManageAccess ? 'Who this user is and how to reach them.' : 'Your name and contact details.'
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {text('name', { label: 'Name' })}
        {text('surname', { label: 'Surname' })}
        {text('user_name', { label: 'User Name' })}
        {text('cell_number', { label: 'Cell Number', type: 'tel', inputMode: 'tel' })}
        {text('email', { label: 'Email', type: 'email', inputMode: 'email', fullWidth: true })}
        {mode.isNew && (
          <PasswordInput
            label="Password"
            description="At least 8 characters."
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            onBlur={() => touch('password')}
            error={errorOf('password')}
          />
        )}
      </SimpleGrid>
      {!mode.canManageAccess && (
        <Text size="sm" c="dimmed">
          Your account type, branches and permissions are set by an admin.
        </Text>
      )}
    </SectionCard>
  );

  const access = mode.canManageAccess && (
    <SectionCard
      title="Access"
      description="The account type decides which branches and features this user works with."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <LazySelect
          label="Account Type"
          placeholder="Choose a type"
          data={roleOptions}
          value={values.role}
          allowDeselect={false}
          required
          onChange={(role) => {
            setValues((current) => withRole(current, role as TStaffRole | null));
            touch('role', ...(needsBranches(role as TStaffRole | null) ? (['manager_of'] as const) : []));
          }}
          onBlur={() => touch('role')}
          error={errorOf('role')}
        />
        <LazySelect
          label="Status"
          data={statusOptions}
          value={values.status}
          allowDeselect={false}
          required
          onChange={(status) => {
            if (status) set('status', status as TStaffFormStatus);
          }}
          error={errorOf('status')}
        />
      </SimpleGrid>
      {needsBranches(values.role) && (
        <LazyMultiSelect
          label="Branches"
          description={
            branches.length === 0 && !branchesLoading
              ? 'There are no branches yet: add one under Settings, Branches.'
              : 'Managers see the customers and orders of these branches only.'
          }
          placeholder={values.manager_of.length === 0 ? 'Choose branches' : undefined}
          data={branches}
          value={values.manager_of}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="No branch matches"
          disabled={branchesLoading}
          required
          onChange={(managerOf) => {
            set('manager_of', managerOf);
            touch('manager_of');
          }}
          onBlur={() => touch('manager_of')}
          error={errorOf('manager_of')}
        />
      )}
    </SectionCard>
  );

  const permissions = mode.canManageAccess && (
    <SectionCard
      title="Permissions"
      description="What this user may view, add, edit and delete in each feature."
    >
      {values.role === 'ADMIN' ? (
        <Alert
          variant="light"
          color="laurel"
          icon={<IconShieldCheck size={18} aria-hidden />}
          title="Full access"
        >
          Admins can use every feature, including users and settings.
        </Alert>
      ) : values.role === null ? (
        <Text size="sm" c="dimmed">
          Choose an account type to set this user's permissions.
        </Text>
      ) : (
        <>
          {viewsNoFeature(values.user_permissions) && <NoFeaturesWarning />}
          <PermissionGrid
            value={values.user_permissions}
            onChange={(next) => set('user_permissions', next)}
          />
        </>
      )}
    </SectionCard>
  );

  return (
    <form aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        {mode.canManageAccess ? (
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack gap="lg">
                {personal}
                {access}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>{permissions}</Grid.Col>
          </Grid>
        ) : (
          <Stack gap="lg" maw={720}>
            {personal}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm" maw={mode.canManageAccess ? undefined : 720}>
          {changed && result && !result.ok && (
            <Text size="sm" c="dimmed" mr="auto">
              Fill in every field correctly to save.
            </Text>
          )}
          {changed && (
            <Button variant="default" onClick={cancel} disabled={submitting}>
              {BUTTON_LABELS.cancel}
            </Button>
          )}
          <Button type="submit" disabled={!changed || !result?.ok} loading={submitting}>
            {BUTTON_LABELS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
