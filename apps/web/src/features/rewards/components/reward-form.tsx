import {
  COUPON_SOURCE_LABELS,
  COUPON_VALUE_TYPE_LABELS,
  consolePaths,
  REWARD_ITEM_TYPE_LABELS,
  REWARD_ITEM_TYPES,
  REWARD_NAME_MAX_LENGTH,
  type TCouponSource,
  type TCouponValueType,
  type TReward,
  type TRewardItemType,
} from '@laurel/contract';
import {
  Anchor,
  Divider,
  Grid,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RewardPool } from '@/features/rewards/components/reward-pool';
import { RewardPreview } from '@/features/rewards/components/reward-preview';
import { errorsByField, isSameValues, type TRewardFormValues } from '@/features/rewards/reward-form-values';
import { REWARD_TEXTS } from '@/features/rewards/reward-format';
import { EditorCardHeader } from '@/ui/editor-card-header';
import { ImageField } from '@/ui/image-field';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { lazyModule } from '@/ui/lazy-module';
import { LazyMultiSelect, LazySelect } from '@/ui/lazy-select';
import { useLazyChecks } from '@/ui/use-lazy-checks';
import { useObjectUrl } from '@/ui/use-object-url';
import { useOneAtATime } from '@/ui/use-one-at-a-time';
import { useUnsavedChangesGuard } from '@/ui/use-unsaved-changes-guard';
import { openValidationErrorModal } from '@/ui/validation-error-modal';

export type TRewardSubmission = { values: TRewardFormValues; file: File | null };
export type TCurrencyOption = { _id: string; name: string; code: string };

const rewardChecks = lazyModule(() => import('@/features/rewards/reward-validation'));

const DAY_FORMAT = 'D MMM YYYY';
const TYPE_OPTIONS = REWARD_ITEM_TYPES.map((type) => ({ value: type, label: REWARD_ITEM_TYPE_LABELS[type] }));
const SOURCE_OPTIONS = Object.entries(COUPON_SOURCE_LABELS).map(([value, label]) => ({ value, label }));
const VALUE_TYPE_OPTIONS = Object.entries(COUPON_VALUE_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** Number inputs give '' while cleared, else a number. */
const toNumber = (value: string | number): number | '' =>
  value === '' ? '' : typeof value === 'number' ? value : Number.isNaN(Number(value)) ? '' : Number(value);

export type TRewardFormProps = {
  initialValues: TRewardFormValues;
  /** The saved reward; null while creating. */
  reward: TReward | null;
  currencies: readonly TCurrencyOption[];
  segments: readonly { value: string; label: string }[];
  moneySymbol: string;
  readOnly?: boolean;
  submitting?: boolean;
  /** The save, awaited: a promise keeps Save from sending again until it settles (a double-click sends one). */
  onSubmit: (submission: TRewardSubmission) => unknown;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="md">
    <Divider
      label={title}
      labelPosition="left"
      styles={{ label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
    />
    {children}
  </Stack>
);

/**
 * The reward editor: its details, cost, coupon settings and availability beside a live preview. Save is enabled once
 * something is edited; a save with errors opens 'Validation Error' with the contract's messages, marks the fields,
 * and sends nothing.
 */
export const RewardForm = ({
  initialValues,
  reward,
  currencies,
  segments,
  moneySymbol,
  readOnly = false,
  submitting = false,
  onSubmit,
}: TRewardFormProps) => {
  const headingId = useId();
  const [values, setValues] = useState(initialValues);
  const [file, setFile] = useState<File | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const fileUrl = useObjectUrl(file);
  const redeemed = reward?.redeemed ?? 0;
  // Once redeemed, the server keeps the type and the coupon source: what was issued must stay what it was.
  const lockedKind = redeemed > 0;

  const edited = file !== null || !isSameValues(values, initialValues);
  // Leaving with unsaved edits asks first; a save in flight is not leaving them.
  useUnsavedChangesGuard(edited && !submitting && !readOnly);
  const checks = useLazyChecks(rewardChecks, edited);
  const errors = useMemo(() => checks?.validateReward(values, redeemed) ?? [], [checks, values, redeemed]);
  const fieldErrors = showErrors ? errorsByField(errors) : {};
  const currency = currencies.find((item) => item._id === values.currency) ?? reward?.currency ?? null;

  const set = <K extends keyof TRewardFormValues>(field: K, value: TRewardFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setCoupon = <K extends keyof TRewardFormValues['coupon']>(
    field: K,
    value: TRewardFormValues['coupon'][K],
  ) => setValues((current) => ({ ...current, coupon: { ...current.coupon, [field]: value } }));

  // Marked before the checks load: a double-click's second submit, arriving meanwhile, is dropped.
  const once = useOneAtATime();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited || submitting) return;
    void once(async () => {
      const found = (await rewardChecks.get()).validateReward(values, redeemed);
      if (found.length > 0) {
        setShowErrors(true);
        openValidationErrorModal({ messages: found.map((error) => error.message) });
        return;
      }
      await onSubmit({ values, file });
    });
  };

  const savedPool = reward?.coupon?.source === 'pool' && reward.type === 'coupon';
  // A pool's codes cap its redemptions whatever the stock: the server counts a dry pool out of stock.
  const pool = values.type === 'coupon' && values.coupon.source === 'pool';
  const codesLeft = savedPool ? (reward?.codes_left ?? null) : null;
  const stockHint = values.stock_unlimited
    ? null
    : redeemed > 0
      ? `${redeemed.toLocaleString('en-US')} redeemed so far: the stock cannot go below that.`
      : 'How many can be redeemed in total.';

  return (
    <form aria-labelledby={headingId} onSubmit={submit} noValidate>
      <Paper withBorder radius="md">
        <EditorCardHeader
          headingId={headingId}
          title={REWARD_TEXTS.header}
          hint={REWARD_TEXTS.headerHint}
          readOnly={readOnly}
          edited={edited}
          submitting={submitting}
        />
        <Grid gap="lg" p={{ base: 'md', sm: 'lg' }} align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="xl">
              <Section title="Details">
                <TextInput
                  label="Name"
                  required
                  maxLength={REWARD_NAME_MAX_LENGTH}
                  placeholder="e.g. Free coffee"
                  autoComplete="off"
                  value={values.name}
                  onChange={(event) => set('name', event.currentTarget.value)}
                  error={fieldErrors.name}
                  readOnly={readOnly}
                />
                <Textarea
                  label="Description"
                  required
                  placeholder="What the member gets, e.g. Any regular coffee at any branch."
                  rows={3}
                  resize="vertical"
                  maxLength={2000}
                  value={values.description}
                  onChange={(event) => set('description', event.currentTarget.value)}
                  error={fieldErrors.description}
                  readOnly={readOnly}
                />
                <ImageField
                  label={REWARD_TEXTS.image}
                  imageUrl={values.image_url}
                  file={file}
                  fileUrl={fileUrl}
                  hint={REWARD_TEXTS.imageHint}
                  readOnly={readOnly}
                  texts={{
                    upload: REWARD_TEXTS.uploadImage,
                    replace: REWARD_TEXTS.replaceImage,
                    remove: REWARD_TEXTS.removeImage,
                  }}
                  onFileChange={setFile}
                  onRemove={() => {
                    setFile(null);
                    set('image_url', null);
                  }}
                />
              </Section>
              <Section title="Type and cost">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <LazySelect
                    label="Type"
                    required
                    data={TYPE_OPTIONS}
                    value={values.type}
                    allowDeselect={false}
                    onChange={(type) => type && set('type', type as TRewardItemType)}
                    error={fieldErrors.type}
                    readOnly={readOnly || lockedKind}
                  />
                  <LazySelect
                    label="Currency"
                    required
                    placeholder={currencies.length ? 'Choose a currency' : 'No currency yet'}
                    data={currencies.map((item) => ({
                      value: item._id,
                      label: `${item.name} (${item.code})`,
                    }))}
                    value={values.currency || null}
                    allowDeselect={false}
                    onChange={(id) => set('currency', id ?? '')}
                    error={fieldErrors.currency}
                    readOnly={readOnly}
                    description={
                      currencies.length === 0 && !readOnly ? (
                        <Anchor component={Link} to={consolePaths.wallet} size="xs">
                          Define a currency on the Wallet page first
                        </Anchor>
                      ) : undefined
                    }
                  />
                  <LazyNumberInput
                    label="Cost"
                    required
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    thousandSeparator=","
                    rightSection={
                      currency ? (
                        <Text size="xs" c="dimmed" pr={8}>
                          {currency.code}
                        </Text>
                      ) : undefined
                    }
                    rightSectionWidth={currency ? 56 : undefined}
                    hideControls
                    value={values.amount}
                    onChange={(value) => set('amount', toNumber(value))}
                    error={fieldErrors.amount}
                    readOnly={readOnly}
                  />
                </SimpleGrid>
              </Section>
              {values.type === 'coupon' && (
                <Section title="Coupon">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <LazySelect
                      label="Codes"
                      data={SOURCE_OPTIONS}
                      value={values.coupon.source}
                      allowDeselect={false}
                      onChange={(source) => source && setCoupon('source', source as TCouponSource)}
                      error={fieldErrors['coupon.source']}
                      readOnly={readOnly || lockedKind}
                    />
                    <LazySelect
                      label="Value type"
                      data={VALUE_TYPE_OPTIONS}
                      value={values.coupon.value_type}
                      allowDeselect={false}
                      onChange={(type) => type && setCoupon('value_type', type as TCouponValueType)}
                      error={fieldErrors['coupon.value_type']}
                      readOnly={readOnly}
                    />
                    <LazyNumberInput
                      label="Coupon value"
                      required
                      min={0}
                      decimalScale={2}
                      allowNegative={false}
                      hideControls
                      leftSection={values.coupon.value_type === 'amount' ? moneySymbol : undefined}
                      rightSection={values.coupon.value_type === 'percent' ? '%' : undefined}
                      value={values.coupon.value}
                      onChange={(value) => setCoupon('value', toNumber(value))}
                      error={fieldErrors['coupon.value']}
                      readOnly={readOnly}
                    />
                    <LazyNumberInput
                      label="Valid for"
                      description="Days from the redemption until the code expires."
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      required
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      rightSection={
                        <Text size="xs" c="dimmed" pr={8}>
                          days
                        </Text>
                      }
                      rightSectionWidth={48}
                      value={values.coupon.valid_days}
                      onChange={(value) => setCoupon('valid_days', toNumber(value))}
                      error={fieldErrors['coupon.valid_days']}
                      readOnly={readOnly}
                    />
                  </SimpleGrid>
                  {values.coupon.source === 'pool' &&
                    (savedPool && reward ? (
                      <RewardPool reward={reward} readOnly={readOnly} />
                    ) : (
                      <Text size="sm" c="dimmed">
                        {REWARD_TEXTS.poolSaveFirst}
                      </Text>
                    ))}
                </Section>
              )}
              <Section title="Stock and availability">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Stack gap={8}>
                    <LazyNumberInput
                      label="Stock"
                      description={
                        stockHint === null
                          ? pool
                            ? REWARD_TEXTS.poolStockHint(codesLeft)
                            : REWARD_TEXTS.unlimitedHint
                          : pool
                            ? `${stockHint} ${REWARD_TEXTS.poolCapHint(codesLeft)}`
                            : stockHint
                      }
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      required={!values.stock_unlimited}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      disabled={values.stock_unlimited}
                      value={values.stock_unlimited ? '' : values.stock}
                      onChange={(value) => set('stock', toNumber(value))}
                      error={values.stock_unlimited ? undefined : fieldErrors.stock}
                      readOnly={readOnly}
                    />
                    <Switch
                      label={REWARD_TEXTS.unlimited}
                      checked={values.stock_unlimited}
                      disabled={readOnly}
                      onChange={(event) => set('stock_unlimited', event.currentTarget.checked)}
                    />
                  </Stack>
                  <LazyNumberInput
                    label="Limit per customer"
                    description="How often one member may redeem it; empty for no limit."
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    placeholder="No limit"
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    value={values.per_customer_limit}
                    onChange={(value) => set('per_customer_limit', toNumber(value))}
                    error={fieldErrors.per_customer_limit}
                    readOnly={readOnly}
                  />
                  <LazyDateInput
                    label="Available from"
                    placeholder="Now"
                    valueFormat={DAY_FORMAT}
                    leftSection={<IconCalendar size={16} aria-hidden />}
                    clearable
                    readOnly={readOnly}
                    value={values.available_from}
                    onChange={(value) => set('available_from', value || null)}
                    error={fieldErrors.available_from}
                  />
                  <LazyDateInput
                    label="Available until"
                    placeholder="No end"
                    valueFormat={DAY_FORMAT}
                    leftSection={<IconCalendar size={16} aria-hidden />}
                    clearable
                    minDate={values.available_from ?? undefined}
                    readOnly={readOnly}
                    value={values.available_to}
                    onChange={(value) => set('available_to', value || null)}
                    error={fieldErrors.available_to}
                  />
                </SimpleGrid>
                <LazyMultiSelect
                  label="Segments"
                  description="Only members of these segments see it; none for everyone."
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  placeholder={values.segment_ids.length ? undefined : 'Everyone'}
                  data={segments as { value: string; label: string }[]}
                  value={values.segment_ids}
                  searchable
                  clearable
                  onChange={(ids) => set('segment_ids', ids)}
                  error={fieldErrors.segment_ids}
                  readOnly={readOnly}
                />
                <Switch
                  label="Active"
                  description="An inactive reward is hidden from members."
                  checked={values.active}
                  disabled={readOnly}
                  onChange={(event) => set('active', event.currentTarget.checked)}
                />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }} style={{ position: 'sticky', top: 80 }}>
            <RewardPreview
              values={values}
              imageUrl={fileUrl ?? values.image_url}
              currencyCode={currency?.code ?? null}
              redeemed={redeemed}
              status={reward && !edited ? reward.status : null}
              moneySymbol={moneySymbol}
              codesLeft={savedPool ? (reward?.codes_left ?? null) : null}
            />
          </Grid.Col>
        </Grid>
      </Paper>
    </form>
  );
};
