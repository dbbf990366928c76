import { LIMITS, PRODUCT_TARGET_TYPE_LABELS, type TProductTargetType } from '@laurel/contract';
import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import {
  catalogueKeys,
  fetchCategoryOptions,
  fetchProductOptions,
  PICKER_DEBOUNCE,
} from '@/features/products';
import { RemoteMultiPicker, type TPickerOption } from '@/ui/remote-picker';
import type { TNodeFieldsProps } from './node-fields-props';
import { PICKER_ERRORS } from './picker-sources';
import { TriggerQuantityInput } from './trigger-quantity-input';

const TARGET_TYPES = Object.entries(PRODUCT_TARGET_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * The product/category node (spec 2 §2): Title, Trigger Quantity, Target Type, an autocomplete of products or
 * categories (searched after 900 ms, the next page as the list scrolls) and Match All.
 */
export const ProductCategoryFields = (props: TNodeFieldsProps) => {
  const { config, eventType, currencySymbol, readOnly, onChange } = props;
  const scope = config.scope ?? { type: 'products' as const, value: [], match_all: false };
  const type: TProductTargetType = scope.type === 'categories' ? 'categories' : 'products';
  const labels = config.labels ?? {};
  const chosen: TPickerOption[] = scope.value.map((id) => ({ value: id, label: labels[id] ?? id }));
  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        maxLength={LIMITS.titleMaxLength}
        readOnly={readOnly}
        value={config.title ?? ''}
        onChange={(event) => onChange({ ...config, title: event.currentTarget.value })}
      />
      <TriggerQuantityInput
        eventType={eventType}
        value={config.trigger?.trigger_quantity}
        currencySymbol={currencySymbol}
        readOnly={readOnly}
        onChange={(quantity) =>
          onChange({ ...config, trigger: { ...config.trigger, trigger_quantity: quantity } })
        }
      />
      <Select
        label="Target Type"
        data={TARGET_TYPES}
        allowDeselect={false}
        readOnly={readOnly}
        value={type}
        // Products and categories are different ids: changing the type starts the choice again.
        onChange={(next) =>
          next &&
          next !== type &&
          onChange({
            ...config,
            scope: { ...scope, type: next as TProductTargetType, value: [] },
            labels: {},
          })
        }
      />
      <RemoteMultiPicker
        key={type}
        label={PRODUCT_TARGET_TYPE_LABELS[type]}
        placeholder={type === 'products' ? 'Search products' : 'Search categories'}
        queryKey={type === 'products' ? catalogueKeys.productOptions : catalogueKeys.categoryOptions}
        fetchPage={type === 'products' ? fetchProductOptions(currencySymbol) : fetchCategoryOptions}
        debounceMs={PICKER_DEBOUNCE[type]}
        errorTitle={PICKER_ERRORS[type]}
        disabled={readOnly}
        value={chosen}
        onChange={(options) =>
          onChange({
            ...config,
            scope: { ...scope, type, value: options.map((option) => option.value) },
            labels: Object.fromEntries(options.map((option) => [option.value, option.label])),
          })
        }
      />
      <Checkbox
        label="Match All"
        description={`Every chosen ${type === 'products' ? 'product' : 'category'} must be bought.`}
        disabled={readOnly}
        checked={scope.match_all}
        onChange={(event) =>
          onChange({ ...config, scope: { ...scope, match_all: event.currentTarget.checked } })
        }
      />
    </Stack>
  );
};
