import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@laurel/contract';
import { Chip, Group } from '@mantine/core';
import { ResetFiltersButton } from '@/features/settings/components/reset-filters-button';
import { DebouncedSearch } from '@/ui/data-table';
import { LazySelect } from '@/ui/lazy-select';

/** The filters as the URL keeps them; '' is "any". */
export type TDeliveryFilterValues = { search: string; status: string; type: string };

const ALL = 'all';
const STATUS_CHIPS = [
  { value: ALL, label: 'All' },
  ...WEBHOOK_DELIVERY_STATUSES.map((status) => ({
    value: status,
    label: WEBHOOK_DELIVERY_STATUS_LABELS[status],
  })),
];
const TYPE_OPTIONS = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE];

export const isDeliveriesFiltered = (values: TDeliveryFilterValues) =>
  values.search !== '' || values.status !== '' || values.type !== '';

type TDeliveryFiltersProps = {
  values: TDeliveryFilterValues;
  onChange: (changes: Partial<TDeliveryFilterValues>) => void;
  onReset: () => void;
};

/**
 * Status as chips (one at a time, All first), event type, and a search by the member's name or email (a fragment,
 * as the About column shows them) or an exact webhook id or customer id, as the API matches them; Reset clears them
 * and is disabled when nothing is set.
 */
export const DeliveryFilters = ({ values, onChange, onReset }: TDeliveryFiltersProps) => (
  <Group align="center" gap="sm" wrap="wrap">
    <DebouncedSearch
      label="Search the deliveries"
      placeholder="Name, email or id…"
      value={values.search}
      onChange={(search) => onChange({ search })}
    />
    <LazySelect
      aria-label="Event type"
      placeholder="All event types"
      data={TYPE_OPTIONS}
      value={values.type || null}
      clearable
      maxDropdownHeight={320}
      comboboxProps={{ width: 260, position: 'bottom-start' }}
      w={{ base: '100%', xs: 220 }}
      onChange={(type) => onChange({ type: type ?? '' })}
    />
    <Chip.Group
      value={values.status || ALL}
      onChange={(status) => onChange({ status: status === ALL ? '' : String(status) })}
    >
      <Group gap={6} role="radiogroup" aria-label="Status">
        {STATUS_CHIPS.map((chip) => (
          <Chip key={chip.value} value={chip.value} size="sm" variant="outline">
            {chip.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
    <ResetFiltersButton disabled={!isDeliveriesFiltered(values)} onClick={onReset} />
  </Group>
);
