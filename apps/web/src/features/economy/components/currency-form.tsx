import {
  CURRENCY_CODES,
  CURRENCY_SYMBOL_CODES,
  EXPIRY_DAYS_MAX,
  EXPIRY_POLICIES,
  EXPIRY_POLICY_LABELS,
  type TCurrencyCode,
  type TExpiryPolicy,
  type TWalletCurrencyType,
  WALLET_CURRENCY_TYPE_LABELS,
  WALLET_CURRENCY_TYPES,
} from '@laurel/contract';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { CurrencyIconField } from '@/features/economy/components/currency-icon-field';
import {
  chooseCurrencyCode,
  chooseCurrencyType,
  isSameCurrency,
  type TCurrencyFormValues,
} from '@/features/economy/currency-form-values';
import type { TNumberField } from '@/features/economy/earn-config-form-values';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';
import { SaveControls } from '@/ui/save-controls';
import { useEditedFlag } from '@/ui/use-edited-flag';
import { useObjectUrl } from '@/ui/use-object-url';

export type TCurrencySubmission = { values: TCurrencyFormValues; file: File | null };

type TCurrencyFormProps = {
  heading: string;
  initialValues: TCurrencyFormValues;
  readOnly: boolean;
  submitting: boolean;
  /** Editing a stored currency: a way back to a blank one. */
  onCancelEdit?: (() => void) | undefined;
  onSubmit: (submission: TCurrencySubmission) => void;
};

const SYMBOL_OF = Object.fromEntries(
  Object.entries(CURRENCY_SYMBOL_CODES).map(([symbol, code]) => [code, symbol]),
) as Partial<Record<TCurrencyCode, string>>;

const CODE_OPTIONS = CURRENCY_CODES.map((code) => ({
  value: code,
  label: SYMBOL_OF[code] ? `${code} (${SYMBOL_OF[code]})` : code,
}));
const TYPE_OPTIONS = WALLET_CURRENCY_TYPES.map((type) => ({
  value: type,
  label: WALLET_CURRENCY_TYPE_LABELS[type],
}));
const EXPIRY_OPTIONS = EXPIRY_POLICIES.map((policy) => ({
  value: policy,
  label: EXPIRY_POLICY_LABELS[policy],
}));

const numberOf = (value: number | string): TNumberField =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

/**
 * The currency definition form (spec 3 §2): real (a code selector that names it and resets the rate) or custom
 * (name, short code, conversion rate), an icon, and when balances expire. Save waits for an edit; nothing is
 * blocked by the console (spec 3 §5).
 */
export const CurrencyForm = ({
  heading,
  initialValues,
  readOnly,
  submitting,
  onCancelEdit,
  onSubmit,
}: TCurrencyFormProps) => {
  const headingId = useId();
  const [values, setValues] = useState(initialValues);
  const [file, setFile] = useState<File | null>(null);
  const fileUrl = useObjectUrl(file);
  const edited = useEditedFlag(file !== null || !isSameCurrency(values, initialValues));
  const set = <K extends keyof TCurrencyFormValues>(field: K, value: TCurrencyFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited || submitting) return;
    onSubmit({ values, file });
  };

  return (
    <form aria-labelledby={headingId} onSubmit={submit} noValidate>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm">
            <Title id={headingId} order={2} fz="h4">
              {heading}
            </Title>
            {!readOnly && <SaveControls edited={edited} submitting={submitting} gap="xs" />}
          </Group>
          <LazySelect
            label={ECONOMY_TEXTS.type}
            data={TYPE_OPTIONS}
            value={values.type}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(type) =>
              type && setValues((current) => chooseCurrencyType(current, type as TWalletCurrencyType))
            }
          />
          {values.type === 'real' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <LazySelect
                label={ECONOMY_TEXTS.currencyCode}
                placeholder="Choose a currency"
                data={CODE_OPTIONS}
                value={values.code || null}
                searchable
                allowDeselect={false}
                disabled={readOnly}
                onChange={(code) =>
                  code && setValues((current) => chooseCurrencyCode(current, code as TCurrencyCode))
                }
              />
              <TextInput label={ECONOMY_TEXTS.name} value={values.name} readOnly disabled={readOnly} />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label={ECONOMY_TEXTS.name}
                required
                maxLength={60}
                disabled={readOnly}
                value={values.name}
                onChange={(event) => set('name', event.currentTarget.value)}
              />
              <TextInput
                label={ECONOMY_TEXTS.shortCode}
                required
                maxLength={10}
                autoComplete="off"
                spellCheck={false}
                disabled={readOnly}
                value={values.code}
                onChange={(event) => set('code', event.currentTarget.value)}
              />
            </SimpleGrid>
          )}
          <LazyNumberInput
            label={ECONOMY_TEXTS.conversionRate}
            description={ECONOMY_TEXTS.conversionRateHint}
            required={values.type === 'custom'}
            min={0}
            decimalScale={6}
            hideControls
            disabled={readOnly}
            value={values.conversion_rate}
            onChange={(value) => set('conversion_rate', numberOf(value))}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <LazySelect
              label={ECONOMY_TEXTS.expiry}
              data={EXPIRY_OPTIONS}
              value={values.expiry_policy}
              allowDeselect={false}
              disabled={readOnly}
              onChange={(policy) => policy && set('expiry_policy', policy as TExpiryPolicy)}
            />
            {values.expiry_policy === 'after_days' && (
              <LazyNumberInput
                label={ECONOMY_TEXTS.expiryDays}
                required
                min={1}
                max={EXPIRY_DAYS_MAX}
                allowDecimal={false}
                disabled={readOnly}
                value={values.expiry_days}
                onChange={(value) => set('expiry_days', numberOf(value))}
              />
            )}
          </SimpleGrid>
          <CurrencyIconField
            icon={values.icon}
            file={file}
            fileUrl={fileUrl}
            disabled={readOnly}
            onIconChange={(icon) => set('icon', icon)}
            onFileChange={setFile}
          />
          {onCancelEdit && (
            <Group>
              <Button variant="subtle" color="gray" size="compact-sm" onClick={onCancelEdit}>
                {ECONOMY_TEXTS.cancelEdit}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </form>
  );
};
