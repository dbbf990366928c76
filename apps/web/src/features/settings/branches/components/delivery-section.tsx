import type { TDeliveryFeeType } from '@laurel/contract';
import { ActionIcon, Box, Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DELIVERY_FEE_TYPE_OPTIONS } from '@/features/settings/branches/branch-options';
import type { TNumberField, TRadiusRow } from '@/features/settings/branches/branch-values';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';
import { FormSection, HINT_BELOW, type TSectionProps } from './form-section';

const RADII = 'delivery_settings.delivery_radii';
const KM = (
  <Text size="sm" c="dimmed" aria-hidden>
    km
  </Text>
);
const toNumberField = (value: string | number): TNumberField =>
  value === '' ? '' : typeof value === 'number' ? value : Number(value);

type TFieldProps = {
  label: string;
  description?: string;
  field: 'max_delivery_radius' | 'base_delivery_radius' | 'delivery_fee_per_km' | 'delivery_fee';
  money?: boolean;
} & TSectionProps;

/** One number of the delivery settings: distances in km, money with the client's currency symbol. */
const DeliveryNumber = ({
  label,
  description,
  field,
  money = false,
  values,
  update,
  errorOf,
  disabled,
  currencySymbol,
}: TFieldProps) => (
  <LazyNumberInput
    label={label}
    description={description}
    inputWrapperOrder={HINT_BELOW}
    required
    min={0}
    decimalScale={2}
    fixedDecimalScale={money}
    hideControls
    allowNegative={false}
    leftSection={money ? <Text size="sm">{currencySymbol}</Text> : undefined}
    rightSection={money ? undefined : KM}
    value={values[field]}
    error={errorOf(`delivery_settings.${field}`)}
    disabled={disabled}
    onChange={(value) => update({ [field]: toNumberField(value) }, [`delivery_settings.${field}`])}
  />
);

/** MULTI-RADII: each radius charges its fee for deliveries up to that distance. */
const RadiiEditor = (props: TSectionProps) => {
  const { values, update, errorOf, disabled, currencySymbol } = props;
  const rows = values.delivery_radii;
  const setRows = (next: TRadiusRow[], paths: string[]) =>
    update({ delivery_radii: next }, [RADII, ...paths]);
  const setRow = (index: number, patch: Partial<TRadiusRow>, cell: keyof TRadiusRow) =>
    setRows(
      rows.map((row, at) => (at === index ? { ...row, ...patch } : row)),
      [`${RADII}.${index}.${cell}`],
    );
  const listError = errorOf(RADII);
  return (
    <Stack gap="xs" role="group" aria-label="Delivery radii">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Text fw={600} size="sm">
            Delivery radii
            <Text component="span" c="red" aria-hidden>
              {' *'}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            A delivery pays the fee of the smallest radius that reaches it.
          </Text>
        </Stack>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={disabled || rows.length >= 20}
          onClick={() => setRows([...rows, { radius: '', fee: '' }], [])}
        >
          Add radius
        </Button>
      </Group>
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      {rows.length > 0 && (
        <Group gap="sm" wrap="nowrap" aria-hidden>
          <Text flex={1} size="xs" fw={600} c="dimmed" tt="uppercase">
            Up to (km)
          </Text>
          <Text flex={1} size="xs" fw={600} c="dimmed" tt="uppercase">
            Fee
          </Text>
          <Box w={36} />
        </Group>
      )}
      {rows.map((row, index) => (
        // Rows have no identity of their own; their position is what the user sees and edits.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap="sm" align="flex-start" wrap="nowrap">
          <LazyNumberInput
            flex={1}
            aria-label={`Radius ${index + 1}`}
            min={0}
            decimalScale={2}
            hideControls
            allowNegative={false}
            rightSection={KM}
            value={row.radius}
            error={errorOf(`${RADII}.${index}.radius`)}
            disabled={disabled}
            onChange={(value) => setRow(index, { radius: toNumberField(value) }, 'radius')}
          />
          <LazyNumberInput
            flex={1}
            aria-label={`Fee ${index + 1}`}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            hideControls
            allowNegative={false}
            leftSection={<Text size="sm">{currencySymbol}</Text>}
            value={row.fee}
            error={errorOf(`${RADII}.${index}.fee`)}
            disabled={disabled}
            onChange={(value) => setRow(index, { fee: toNumberField(value) }, 'fee')}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size={36}
            aria-label={`Remove radius ${index + 1}`}
            disabled={disabled}
            onClick={() =>
              setRows(
                rows.filter((_, at) => at !== index),
                [],
              )
            }
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {rows.length === 0 && (
        <Text size="sm" c="dimmed" fs="italic">
          No radii yet: add one for each distance you deliver to.
        </Text>
      )}
    </Stack>
  );
};

/** Delivery: on or off, and the fields of the chosen fee type only. */
export const DeliverySection = (props: TSectionProps) => {
  const { values, update, disabled } = props;
  const type = values.delivery_fee_type;
  const changeType = (next: TDeliveryFeeType) =>
    update(
      {
        delivery_fee_type: next,
        // A first row to fill in saves a click.
        delivery_radii:
          next === 'MULTI-RADII' && values.delivery_radii.length === 0
            ? [{ radius: '', fee: '' }]
            : values.delivery_radii,
      },
      ['delivery_settings.delivery_fee_type'],
    );
  return (
    <FormSection title="Delivery" description="Whether this branch delivers, and how it charges for it.">
      <Stack gap="md">
        <Switch
          label="Delivery"
          description="Customers can have orders from this branch delivered."
          checked={values.delivery}
          disabled={disabled}
          onChange={(event) =>
            update({ delivery: event.currentTarget.checked }, ['delivery_settings.delivery'])
          }
        />
        {values.delivery && (
          <>
            <LazySelect
              label="Delivery Fee Type"
              required
              maw={320}
              data={DELIVERY_FEE_TYPE_OPTIONS}
              value={type}
              allowDeselect={false}
              disabled={disabled}
              onChange={(value) => value && changeType(value as TDeliveryFeeType)}
            />
            {type === 'FLAT-FEE' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <DeliveryNumber
                  {...props}
                  field="max_delivery_radius"
                  label="Max Delivery Radius"
                  description="The furthest this branch delivers."
                />
                <DeliveryNumber
                  {...props}
                  field="delivery_fee"
                  money
                  label="Delivery Fee"
                  description="One fee for every delivery."
                />
              </SimpleGrid>
            )}
            {type === 'BASE-RADIUS' && (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
                <DeliveryNumber
                  {...props}
                  field="base_delivery_radius"
                  label="Base Delivery Radius"
                  description="Covered by the delivery fee."
                />
                <DeliveryNumber
                  {...props}
                  field="delivery_fee"
                  money
                  label="Delivery Fee"
                  description="Within the base radius."
                />
                <DeliveryNumber
                  {...props}
                  field="delivery_fee_per_km"
                  money
                  label="Fee per km"
                  description="For each km beyond it."
                />
              </SimpleGrid>
            )}
            {type === 'MULTI-RADII' && <RadiiEditor {...props} />}
          </>
        )}
      </Stack>
    </FormSection>
  );
};
