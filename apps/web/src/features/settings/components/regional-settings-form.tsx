import { CURRENCY_SYMBOL_OPTIONS, type TRegionalSettings, timeZoneOptions } from '@laurel/contract';
import { Button, Group, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { HINT_BELOW } from '@/features/settings/branches/components/form-section';
import { SettingsPanel } from './settings-panel';

type TRegionalSettingsFormProps = {
  initialValues: TRegionalSettings;
  /** While saving, nothing can be changed. */
  disabled?: boolean;
  onSubmit: (values: TRegionalSettings) => void;
};

const CURRENCY_DATA = CURRENCY_SYMBOL_OPTIONS.map(({ value, label }) => ({ value, label }));

const sameValues = (a: TRegionalSettings, b: TRegionalSettings) =>
  a.time_zone === b.time_zone && a.currency_symbol === b.currency_symbol;

/**
 * Regional settings (DESIGN §5, §9): the business's time zone and currency symbol. Save is enabled once something
 * changed; the page saves.
 */
export const RegionalSettingsForm = ({
  initialValues,
  disabled = false,
  onSubmit,
}: TRegionalSettingsFormProps) => {
  const [values, setValues] = useState(initialValues);
  const [saved, setSaved] = useState(initialValues);
  // The saved values changed (loaded, or saved): the form starts from them again.
  if (!sameValues(saved, initialValues)) {
    setSaved(initialValues);
    setValues(initialValues);
  }
  // A zone this browser does not list (an older alias) stays choosable, so the form shows what is saved.
  const zones = useMemo(() => {
    const known = timeZoneOptions();
    return known.includes(initialValues.time_zone) ? known : [initialValues.time_zone, ...known];
  }, [initialValues.time_zone]);
  const edited = !sameValues(values, initialValues);

  return (
    <SettingsPanel
      title="Regional settings"
      description="Where your business is: its clock and the symbol shown beside every amount."
      onSubmit={() => edited && onSubmit(values)}
      actions={
        <Button type="submit" disabled={!edited} loading={disabled} style={{ flexShrink: 0 }}>
          Save
        </Button>
      }
    >
      <Group align="flex-start" gap="lg">
        <Select
          label="Time zone"
          description="Day boundaries, statistic resets and the dashboard follow it from now on."
          inputWrapperOrder={HINT_BELOW}
          data={zones}
          value={values.time_zone}
          onChange={(zone) => zone && setValues((current) => ({ ...current, time_zone: zone }))}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone matches"
          disabled={disabled}
          w={320}
        />
        <Select
          label="Currency symbol"
          data={CURRENCY_DATA}
          value={values.currency_symbol}
          onChange={(symbol) => {
            const option = CURRENCY_SYMBOL_OPTIONS.find((item) => item.value === symbol);
            if (option) setValues((current) => ({ ...current, currency_symbol: option.value }));
          }}
          allowDeselect={false}
          disabled={disabled}
          w={180}
        />
      </Group>
    </SettingsPanel>
  );
};
