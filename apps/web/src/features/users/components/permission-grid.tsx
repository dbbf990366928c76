import {
  PERMISSION_ACTION_LABELS,
  PERMISSION_ACTIONS,
  type TFeatureArea,
  type TPermissionAction,
} from '@laurel/contract';
import { Checkbox, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { FEATURE_AREA_LABELS, PERMISSION_GROUPS } from '@/features/users/feature-areas';
import type { TPermissionGrid } from '@/features/users/user-form-values';

type TPermissionGridProps = {
  value: TPermissionGrid;
  onChange: (next: TPermissionGrid) => void;
  disabled?: boolean;
};

/**
 * One row per feature area and a View, Add, Edit and Delete column, mapped to read, create, update and delete
 * (spec 1 §2.13). Each box is named after its area and column, e.g. 'Customers: View'.
 */
export const PermissionGrid = ({ value, onChange, disabled = false }: TPermissionGridProps) => {
  const toggle = (area: TFeatureArea, action: TPermissionAction, checked: boolean) =>
    onChange({ ...value, [area]: { ...value[area], [action]: checked } });

  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6} horizontalSpacing="sm" highlightOnHover aria-label="Permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            {PERMISSION_ACTIONS.map((action) => (
              <Table.Th key={action} scope="col" ta="center" w={72}>
                {PERMISSION_ACTION_LABELS[action]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERMISSION_GROUPS.map((group) => (
            <Fragment key={group.label}>
              <Table.Tr>
                <Table.Th colSpan={PERMISSION_ACTIONS.length + 1} scope="colgroup" pt="md">
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
                    {group.label}
                  </Text>
                </Table.Th>
              </Table.Tr>
              {group.areas.map((area) => (
                <Table.Tr key={area}>
                  <Table.Th scope="row" fw={500}>
                    {FEATURE_AREA_LABELS[area]}
                  </Table.Th>
                  {PERMISSION_ACTIONS.map((action) => (
                    <Table.Td key={action} ta="center">
                      <Checkbox
                        aria-label={`${FEATURE_AREA_LABELS[area]}: ${PERMISSION_ACTION_LABELS[action]}`}
                        checked={value[area][action]}
                        disabled={disabled}
                        onChange={(event) => toggle(area, action, event.currentTarget.checked)}
                        styles={{ body: { justifyContent: 'center' } }}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
