import {
  CASHBACK_TYPE_LABELS,
  CASHBACK_TYPES,
  CASHBACK_VALUE_LIMITS,
  COMMON_MESSAGES,
  consolePaths,
  DEBOUNCE_MS,
  EXCLUDE_TYPE_LABELS,
  EXCLUDE_TYPES,
  PAGE_SIZES,
  SEGMENT_MESSAGES,
  type TCashbackType,
  type TCurrency,
  type TExcludeType,
} from '@laurel/contract';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { fetchSegmentOptions, segmentOptionKeys } from '@/features/economy/api';
import {
  errorsByField,
  isSameEarnConfig,
  type TEarnConfigFormValues,
  type TEarnConfigKind,
  type TNumberField,
  validateEarnConfig,
} from '@/features/economy/earn-config-form-values';
import { earnSummary } from '@/features/economy/earn-config-format';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { catalogueKeys, fetchCategoryOptions, fetchProductOptions } from '@/features/products';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';
import { RemoteMultiPicker, RemotePicker } from '@/ui/remote-picker';
import { SaveControls } from '@/ui/save-controls';
import { useEditedFlag } from '@/ui/use-edited-flag';
import { openValidationErrorModal } from '@/ui/validation-error-modal';

type TEarnConfigFormProps = {
  kind: TEarnConfigKind;
  heading: string;
  initialValues: TEarnConfigFormValues;
  currencies: TCurrency[];
  currencySymbol: string;
  readOnly: boolean;
  submitting: boolean;
  onSubmit: (values: TEarnConfigFormValues) => void;
};

const numberOf = (value: number | string): TNumberField =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

const CASHBACK_TYPE_OPTIONS = CASHBACK_TYPES.map((type) => ({
  value: type,
  label: CASHBACK_TYPE_LABELS[type],
}));
const EXCLUDE_TYPE_OPTIONS = EXCLUDE_TYPES.map((type) => ({ value: type, label: EXCLUDE_TYPE_LABELS[type] }));

/**
 * An earn config (spec 3 §2, §5): trigger value and earn amount (zero counts as missing), the segment whose
 * customers earn, the currency (cashback), the cashback type that bounds the amount, and the products or
 * categories whose spend does not count. A save with errors marks the fields and opens 'Validation Error'.
 */
export const EarnConfigForm = ({
  kind,
  heading,
  initialValues,
  currencies,
  currencySymbol,
  readOnly,
  submitting,
  onSubmit,
}: TEarnConfigFormProps) => {
  const headingId = useId();
  const [values, setValues] = useState(initialValues);
  const [showErrors, setShowErrors] = useState(false);
  const edited = useEditedFlag(!isSameEarnConfig(values, initialValues));
  const errors = useMemo(() => validateEarnConfig(values, kind), [values, kind]);
  const fieldErrors = showErrors ? errorsByField(errors) : {};
  const set = <K extends keyof TEarnConfigFormValues>(field: K, value: TEarnConfigFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const fetchProducts = useMemo(() => fetchProductOptions(currencySymbol), [currencySymbol]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited || submitting) return;
    if (errors.length > 0) {
      setShowErrors(true);
      openValidationErrorModal({ messages: errors.map((error) => error.message) });
      return;
    }
    onSubmit(values);
  };

  const currency = currencies.find((item) => item._id === values.currency_id) ?? null;
  const limits = CASHBACK_VALUE_LIMITS[values.cashback_type];
  const summary = earnSummary(
    kind,
    values.trigger_value,
    values.earn_amount,
    currencySymbol,
    currency?.name ?? null,
  );

  return (
    <form aria-labelledby={headingId} onSubmit={submit} noValidate>
      <Paper withBorder radius="md">
        <Group
          justify="space-between"
          align="center"
          gap="sm"
          px={{ base: 'md', sm: 'lg' }}
          py="md"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Title id={headingId} order={2} fz="h4">
            {heading}
          </Title>
          {!readOnly && <SaveControls edited={edited} submitting={submitting} gap="sm" />}
        </Group>
        <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
          {kind === 'cashback' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <LazySelect
                label={ECONOMY_TEXTS.currency}
                placeholder={currencies.length ? 'Choose a currency' : ECONOMY_TEXTS.noCurrencyYet}
                required
                data={currencies.map((item) => ({ value: item._id, label: `${item.name} (${item.code})` }))}
                value={values.currency_id}
                allowDeselect={false}
                disabled={readOnly}
                error={fieldErrors.currency}
                description={
                  currencies.length === 0 ? (
                    <Anchor component={Link} to={consolePaths.wallet} size="xs">
                      Define a currency on the Wallet page first
                    </Anchor>
                  ) : undefined
                }
                onChange={(id) => set('currency_id', id)}
              />
              <LazySelect
                label={ECONOMY_TEXTS.cashbackType}
                data={CASHBACK_TYPE_OPTIONS}
                value={values.cashback_type}
                allowDeselect={false}
                disabled={readOnly}
                onChange={(type) => type && set('cashback_type', type as TCashbackType)}
              />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <LazyNumberInput
              label={ECONOMY_TEXTS.triggerValue}
              description={ECONOMY_TEXTS.triggerValueHint}
              required
              min={0}
              decimalScale={2}
              thousandSeparator=","
              leftSection={currencySymbol}
              hideControls
              disabled={readOnly}
              value={values.trigger_value}
              error={fieldErrors.trigger_value}
              onChange={(value) => set('trigger_value', numberOf(value))}
            />
            <LazyNumberInput
              label={ECONOMY_TEXTS.earnAmount}
              description={
                kind === 'xp'
                  ? 'XP earned for each trigger value'
                  : values.cashback_type === 'percentage'
                    ? 'Percentage: 0 to 100, in steps of 0.1'
                    : 'Fixed amount: from 0, in steps of 0.01'
              }
              required
              min={kind === 'cashback' ? limits.min : 0}
              max={kind === 'cashback' && Number.isFinite(limits.max) ? limits.max : undefined}
              step={kind === 'cashback' ? limits.step : 1}
              decimalScale={kind === 'cashback' ? limits.decimals : 2}
              disabled={readOnly}
              value={values.earn_amount}
              error={fieldErrors.earn_amount}
              onChange={(value) => set('earn_amount', numberOf(value))}
            />
          </SimpleGrid>
          {summary && (
            <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />} p="xs">
              <Text size="sm">{summary}</Text>
            </Alert>
          )}
          <RemotePicker
            label={ECONOMY_TEXTS.segment}
            description={ECONOMY_TEXTS.segmentHint}
            placeholder="Search segments"
            required
            queryKey={segmentOptionKeys}
            fetchPage={fetchSegmentOptions}
            nothingFound="No segments found"
            errorTitle={SEGMENT_MESSAGES.listFailed}
            disabled={readOnly}
            clearable={false}
            value={values.segment}
            error={fieldErrors.segment_id}
            onChange={(segment) => set('segment', segment)}
          />
          <LazySelect
            label={ECONOMY_TEXTS.excludeType}
            data={EXCLUDE_TYPE_OPTIONS}
            value={values.exclude_type}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(type) => type && set('exclude_type', type as TExcludeType)}
          />
          {/* Keyed: each picker keeps its own search, so a product search is not run against the categories. */}
          {values.exclude_type === 'product' ? (
            <RemoteMultiPicker
              key="products"
              label={ECONOMY_TEXTS.excludedProducts}
              description="Spend on these products earns nothing"
              placeholder="Search products"
              queryKey={[...catalogueKeys.productOptions, currencySymbol]}
              fetchPage={fetchProducts}
              pageSize={PAGE_SIZES.picker}
              debounceMs={DEBOUNCE_MS.productSearch}
              nothingFound="No products found"
              errorTitle={COMMON_MESSAGES.fetchProductsFailed}
              disabled={readOnly}
              value={values.excluded_products}
              onChange={(options) => set('excluded_products', options)}
            />
          ) : (
            <RemoteMultiPicker
              key="categories"
              label={ECONOMY_TEXTS.excludedCategories}
              description="Spend on products in these categories earns nothing"
              placeholder="Search categories"
              queryKey={catalogueKeys.categoryOptions}
              fetchPage={fetchCategoryOptions}
              pageSize={PAGE_SIZES.picker}
              debounceMs={DEBOUNCE_MS.categorySearch}
              nothingFound="No categories found"
              errorTitle={COMMON_MESSAGES.getCategoriesFailed}
              disabled={readOnly}
              value={values.excluded_categories}
              onChange={(options) => set('excluded_categories', options)}
            />
          )}
        </Stack>
      </Paper>
    </form>
  );
};
