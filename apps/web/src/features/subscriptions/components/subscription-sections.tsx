import {
  DATE_FORMAT,
  ON_PAYMENT_FAILURE_LABELS,
  PAGE_SIZES,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_PAYMENT_TYPE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_USAGE_TYPE_LABELS,
  type TSubscriptionStatus,
  type TSubscriptionUsageType,
} from '@laurel/contract';
import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import {
  catalogueKeys,
  fetchCategoryOptions,
  fetchProductOptions,
  ImageField,
  PICKER_DEBOUNCE,
} from '@/features/products';
import { fetchBranchOptions } from '@/features/subscriptions/api';
import { type TSectionProps, toNumber } from '@/features/subscriptions/components/subscription-form-context';
import { isInPlay, type TSubscriptionFormField } from '@/features/subscriptions/subscription-form-values';
import { LABELS, optionsOf } from '@/features/subscriptions/subscription-format';
import { branchScopeOf } from '@/features/subscriptions/subscription-rules';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';
import { RemoteMultiPicker } from '@/ui/remote-picker';
import { SectionCard } from '@/ui/section-card';

/** Hints sit under the inputs, so that side-by-side fields line up whatever their hints. */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

type TDaysField =
  | 'custom_days'
  | 'number_of_periods'
  | 'expires_in'
  | 'trial_period'
  | 'retry_days'
  | 'retry_count';
type TLimitField = 'max_per_user' | 'max_redemptions_per_day' | 'max_redemptions_per_period';

/** A whole number field; empty means not set. */
const WholeNumber = ({
  props,
  field,
  label,
  description,
  required = false,
}: {
  props: TSectionProps;
  field: TDaysField | TLimitField;
  label: string;
  description?: string;
  required?: boolean;
}) => (
  <LazyNumberInput
    label={label}
    description={description}
    inputWrapperOrder={HINT_BELOW}
    required={required}
    disabled={props.readOnly}
    min={1}
    max={
      field.startsWith('max_') || field.endsWith('_count')
        ? SUBSCRIPTION_LIMITS.maxCount
        : SUBSCRIPTION_LIMITS.maxDays
    }
    allowDecimal={false}
    allowNegative={false}
    value={props.values[field]}
    onChange={(value) => props.set(field, toNumber(value))}
    onBlur={() => props.touch(field)}
    error={props.errorOf(field)}
  />
);

/** A yes/no setting. */
const Toggle = ({
  props,
  field,
  label,
  description,
}: {
  props: TSectionProps;
  field: Extract<
    TSubscriptionFormField,
    | 'expires'
    | 'free_trial'
    | 'trial_conversion'
    | 'auto_renewal'
    | 'is_new'
    | 'cheapest_only'
    | 'billable'
    | 'discountable'
    | 'carry_over'
    | 'pause_while_retrying'
  >;
  label: string;
  description?: string;
}) => (
  <Switch
    label={label}
    description={description}
    disabled={props.readOnly}
    checked={props.values[field]}
    onChange={(event) => props.set(field, event.currentTarget.checked)}
  />
);

/** A required choice from one of the contract's enums. */
const Choice = <
  K extends
    | 'period'
    | 'type'
    | 'apply_to'
    | 'payment_type'
    | 'subscription_usage_type'
    | 'on_payment_failure',
>({
  props,
  field,
  label,
  labels,
  description,
}: {
  props: TSectionProps;
  field: K;
  label: string;
  labels: Record<string, string>;
  description?: string;
}) => (
  <LazySelect
    label={label}
    description={description}
    inputWrapperOrder={HINT_BELOW}
    placeholder="Choose one"
    required
    disabled={props.readOnly}
    data={optionsOf(labels)}
    value={props.values[field]}
    allowDeselect={false}
    onChange={(value) => {
      props.set(field, value as never);
      props.touch(field);
    }}
    onBlur={() => props.touch(field)}
    error={props.errorOf(field)}
    comboboxProps={{ withinPortal: true }}
  />
);

export const DetailsSection = (props: TSectionProps) => {
  const { values, set, touch, errorOf, readOnly } = props;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const text = (field: 'name' | 'sku' | 'description' | 'notes') => ({
    value: values[field],
    disabled: readOnly,
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    onBlur: () => touch(field),
    error: errorOf(field),
  });
  return (
    <SectionCard title="Details" description="What the plan is called and what it costs.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Name" required maxLength={SUBSCRIPTION_LIMITS.nameMaxLength} {...text('name')} />
        <TextInput
          label="SKU"
          required
          maxLength={SUBSCRIPTION_LIMITS.skuMaxLength}
          autoComplete="off"
          spellCheck={false}
          {...text('sku')}
        />
        <LazyNumberInput
          label="Price"
          description="Per period, including VAT"
          inputWrapperOrder={HINT_BELOW}
          required
          disabled={readOnly}
          leftSection={symbol}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          hideControls
          value={values.price}
          onChange={(value) => set('price', toNumber(value))}
          onBlur={() => touch('price')}
          error={errorOf('price')}
        />
        <LazySelect
          label="Status"
          description="Only an active plan can be issued to customers"
          inputWrapperOrder={HINT_BELOW}
          disabled={readOnly}
          data={optionsOf(SUBSCRIPTION_STATUS_LABELS)}
          value={values.status}
          allowDeselect={false}
          onChange={(value) => value && set('status', value as TSubscriptionStatus)}
          error={errorOf('status')}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        required
        // Not autosize: it needs document.fonts, which the component tests' DOM lacks.
        rows={3}
        resize="vertical"
        maxLength={SUBSCRIPTION_LIMITS.descriptionMaxLength}
        {...text('description')}
      />
      <ImageField
        value={values.image}
        onChange={(url) => set('image', url)}
        description={`Image of the subscription '${values.name.trim() || 'new subscription'}'`}
        disabled={readOnly}
        error={errorOf('image')}
      />
      <Textarea
        label="Notes"
        description="For your staff; customers do not see them"
        // Not autosize: it needs document.fonts, which the component tests' DOM lacks.
        rows={3}
        resize="vertical"
        maxLength={SUBSCRIPTION_LIMITS.notesMaxLength}
        {...text('notes')}
      />
    </SectionCard>
  );
};

export const ScheduleSection = (props: TSectionProps) => {
  const { values, set, touch, errorOf, readOnly } = props;
  const date = (field: 'start_date' | 'end_date', label: string, required: boolean) => (
    <LazyDateInput
      label={label}
      required={required}
      placeholder={DATE_FORMAT}
      valueFormat={DATE_FORMAT}
      leftSection={<IconCalendar size={16} aria-hidden />}
      clearable={!required}
      disabled={readOnly}
      minDate={field === 'end_date' ? values.start_date || undefined : undefined}
      value={values[field] || null}
      onChange={(value) => {
        set(field, value ?? '');
        touch(field);
      }}
      onBlur={() => touch(field)}
      error={errorOf(field)}
      popoverProps={{ withinPortal: true }}
    />
  );
  return (
    <SectionCard
      title="Schedule"
      description="How long a period is, how long the plan runs and when a customer's plan lapses."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Choice props={props} field="period" label="Period" labels={LABELS.period} />
        {isInPlay(values, 'custom_days') ? (
          <WholeNumber
            props={props}
            field="custom_days"
            label="Custom Days"
            description="Days in one period"
            required
          />
        ) : (
          <div />
        )}
        <Choice props={props} field="type" label="Type" labels={LABELS.type} />
        {isInPlay(values, 'number_of_periods') ? (
          <WholeNumber props={props} field="number_of_periods" label="Number of Periods" required />
        ) : (
          <div />
        )}
        {date('start_date', 'Start Date', true)}
        {date('end_date', 'End Date', isInPlay(values, 'end_date'))}
        <WholeNumber
          props={props}
          field="expires_in"
          label="Expires In (days)"
          description="After it is issued, a customer's plan lapses this many days later"
          required
        />
        <Stack justify="center">
          <Toggle
            props={props}
            field="expires"
            label="Expires"
            description="A customer's plan lapses after the days above"
          />
        </Stack>
      </SimpleGrid>
      <Toggle
        props={props}
        field="carry_over"
        label="Carry Over"
        description="Unused redemptions move to the next period"
      />
      <Toggle
        props={props}
        field="auto_renewal"
        label="Auto Renewal"
        description="The plan renews itself at the end of each period"
      />
    </SectionCard>
  );
};

export const CoverageSection = (props: TSectionProps) => {
  const { values, set, touch, errorOf, readOnly } = props;
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const fetchProducts = fetchProductOptions(symbol);
  const picker = (
    field: 'categories' | 'primary_products' | 'products' | 'branches',
    label: string,
    description?: string,
  ) => {
    const source =
      field === 'categories'
        ? {
            queryKey: catalogueKeys.categoryOptions,
            fetchPage: fetchCategoryOptions,
            debounceMs: PICKER_DEBOUNCE.categories,
          }
        : field === 'branches'
          ? {
              queryKey: ['branches', 'subscription-options'],
              fetchPage: fetchBranchOptions(branchScopeOf(user)),
              debounceMs: PICKER_DEBOUNCE.categories,
            }
          : {
              queryKey: [...catalogueKeys.productOptions, symbol],
              fetchPage: fetchProducts,
              debounceMs: PICKER_DEBOUNCE.products,
            };
    return (
      <RemoteMultiPicker
        label={label}
        description={description}
        placeholder={`Search ${label.toLowerCase()}`}
        required
        disabled={readOnly}
        pageSize={PAGE_SIZES.picker}
        nothingFound={`No ${label.toLowerCase()} found`}
        {...source}
        value={values[field]}
        onChange={(options) => set(field, options)}
        onBlur={() => touch(field)}
        error={errorOf(field)}
      />
    );
  };
  return (
    <SectionCard title="Applies To" description="What a customer may redeem with the plan.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Choice props={props} field="apply_to" label="Apply To" labels={LABELS.applyTo} />
        <LazySelect
          label="Usage Type"
          inputWrapperOrder={HINT_BELOW}
          description={
            values.subscription_usage_type === 'ORDER_CREATION'
              ? 'An order is created when the plan is activated'
              : values.subscription_usage_type === 'SELECTIVE_USAGE'
                ? 'Activated first, redeemed when the customer chooses'
                : undefined
          }
          placeholder="Choose one"
          required
          disabled={readOnly}
          data={optionsOf(SUBSCRIPTION_USAGE_TYPE_LABELS)}
          value={values.subscription_usage_type}
          allowDeselect={false}
          onChange={(value) => {
            set('subscription_usage_type', value as TSubscriptionUsageType);
            touch('subscription_usage_type');
          }}
          error={errorOf('subscription_usage_type')}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {isInPlay(values, 'categories') &&
        picker('categories', 'Categories', 'Any product in these categories')}
      {isInPlay(values, 'primary_products') &&
        picker('primary_products', 'Primary Products', 'The products the bundle is built around')}
      {isInPlay(values, 'products') &&
        picker(
          'products',
          'Products',
          values.apply_to === 'COMPOUND' ? 'The products that come with them' : undefined,
        )}
      {isInPlay(values, 'branches') && picker('branches', 'Branches', 'Redeemable at these branches')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Toggle
          props={props}
          field="cheapest_only"
          label="Cheapest Only"
          description="Only the cheapest matching item is covered"
        />
        <Toggle
          props={props}
          field="discountable"
          label="Discountable"
          description="Other discounts may apply on top"
        />
        <Toggle props={props} field="is_new" label="New" description="Shown to customers as a new plan" />
      </SimpleGrid>
    </SectionCard>
  );
};

export const PaymentSection = (props: TSectionProps) => {
  const { values } = props;
  return (
    <SectionCard title="Payment" description="When the customer pays and what happens when a payment fails.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Choice
          props={props}
          field="payment_type"
          label="Payment Type"
          labels={SUBSCRIPTION_PAYMENT_TYPE_LABELS}
          description={
            values.payment_type === 'PRE_PAYMENT'
              ? 'Paid upfront; redemptions per period are capped'
              : values.payment_type === 'POST_PAYMENT'
                ? 'Redemptions are charged in arrears'
                : undefined
          }
        />
        <Choice
          props={props}
          field="on_payment_failure"
          label="On Payment Failure"
          labels={ON_PAYMENT_FAILURE_LABELS}
        />
        {isInPlay(values, 'retry_days') && (
          <WholeNumber
            props={props}
            field="retry_days"
            label="Retry Days"
            description="Days between retries"
            required
          />
        )}
        {isInPlay(values, 'retry_count') && (
          <WholeNumber
            props={props}
            field="retry_count"
            label="Retry Count"
            description="Retries before giving up"
            required
          />
        )}
      </SimpleGrid>
      {values.on_payment_failure === 'RETRY' && (
        <Toggle props={props} field="pause_while_retrying" label="Pause While Retrying" />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Toggle
          props={props}
          field="billable"
          label="Billable"
          description="The plan is charged to the customer"
        />
        <Toggle
          props={props}
          field="free_trial"
          label="Free Trial"
          description="The first days cost nothing"
        />
      </SimpleGrid>
      {values.free_trial && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <WholeNumber props={props} field="trial_period" label="Trial Period (days)" />
          <Stack justify="center">
            <Toggle
              props={props}
              field="trial_conversion"
              label="Trial Conversion"
              description="The trial becomes a paid plan when it ends"
            />
          </Stack>
        </SimpleGrid>
      )}
    </SectionCard>
  );
};

export const LimitsSection = (props: TSectionProps) => (
  <SectionCard title="Redemption Limits" description="Empty means no limit.">
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <WholeNumber props={props} field="max_per_user" label="Max Per User" />
      <WholeNumber props={props} field="max_redemptions_per_day" label="Max Redemptions Per Day" />
      <WholeNumber
        props={props}
        field="max_redemptions_per_period"
        label="Max Redemptions Per Period"
        required={isInPlay(props.values, 'max_redemptions_per_period')}
      />
    </SimpleGrid>
  </SectionCard>
);
