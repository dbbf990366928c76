import { STORE_STATUS, type TStoreStatus } from '@laurel/contract';
import { Table, TextInput } from '@mantine/core';
import { memo } from 'react';
import { dayName, STORE_STATUS_OPTIONS } from '@/features/settings/branches/branch-options';
import type { TTradingTimeRow } from '@/features/settings/branches/branch-values';
import { LazySelect } from '@/ui/lazy-select';
import { FormSection, type TSectionProps } from './form-section';

/** Hours apply only to a day the branch is open for part of it. */
const hoursApply = (status: TStoreStatus) => status === STORE_STATUS.OPEN;

/** Trading times: a row per day, Sunday to Saturday and public holidays (spec 1 §9). */
const TradingTimes = ({ values, update, errorOf, disabled }: TSectionProps) => {
  const setRow = (index: number, patch: Partial<TTradingTimeRow>, field: string) =>
    update(
      { trading_times: values.trading_times.map((row, at) => (at === index ? { ...row, ...patch } : row)) },
      [`trading_times.${index}.${field}`],
    );
  return (
    <FormSection
      title="Trading times"
      description="When the branch is open. Hours that end at or before they start run past midnight; Closed and Open 24hrs need no hours."
      layout="stacked"
    >
      <Table verticalSpacing={6} horizontalSpacing="sm" withRowBorders={false} layout="fixed" maw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="22%">Day</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {values.trading_times.map((row, index) => {
            const day = dayName(row.day);
            const timesOff = disabled || !hoursApply(row.status);
            return (
              <Table.Tr key={row.day}>
                <Table.Td fw={500}>{day}</Table.Td>
                <Table.Td>
                  <LazySelect
                    aria-label={`${day} status`}
                    data={STORE_STATUS_OPTIONS}
                    value={String(row.status)}
                    allowDeselect={false}
                    disabled={disabled}
                    onChange={(value) =>
                      value && setRow(index, { status: Number(value) as TStoreStatus }, 'status')
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    aria-label={`${day} from`}
                    value={row.from}
                    disabled={timesOff}
                    error={errorOf(`trading_times.${index}.from`)}
                    onChange={(event) => setRow(index, { from: event.currentTarget.value }, 'from')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    aria-label={`${day} to`}
                    value={row.to}
                    disabled={timesOff}
                    error={errorOf(`trading_times.${index}.to`)}
                    onChange={(event) => setRow(index, { to: event.currentTarget.value }, 'to')}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </FormSection>
  );
};

const visibleErrors = ({ values, errorOf }: TSectionProps) =>
  values.trading_times
    .map((_, index) => `${errorOf(`trading_times.${index}.from`)}|${errorOf(`trading_times.${index}.to`)}`)
    .join();

/**
 * Sixteen time inputs and eight selects: re-rendered only when the hours, their messages or the saving state change,
 * not on every keystroke elsewhere in the form. (`update` changes state through updater functions, so an earlier
 * one is as good as the latest.)
 */
export const TradingTimesSection = memo(
  TradingTimes,
  (before, after) =>
    before.values.trading_times === after.values.trading_times &&
    before.disabled === after.disabled &&
    visibleErrors(before) === visibleErrors(after),
);
