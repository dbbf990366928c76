import { Switch } from '@mantine/core';
import { FormSection, type TSectionProps } from './form-section';

/** Stock: whether an item out of stock is replaced by default. */
export const StockSection = ({ values, update, disabled }: TSectionProps) => (
  <FormSection title="Stock" description="What happens when an ordered item is out of stock at this branch.">
    <Switch
      label="Replace by default"
      description="Staff replace an out-of-stock item with a similar one unless the customer says otherwise."
      checked={values.replace_by_default}
      disabled={disabled}
      onChange={(event) =>
        update({ replace_by_default: event.currentTarget.checked }, ['stock_replacement.replace_by_default'])
      }
    />
  </FormSection>
);
