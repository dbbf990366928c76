import { Drawer, MantineProvider, Modal, Select, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';

describe('theme', () => {
  it("positions every table's native scroller, so that absolute content inside it cannot widen the page", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Table.ScrollContainer minWidth={600} type="native" data-testid="scroller">
          <Table />
        </Table.ScrollContainer>
      </MantineProvider>,
    );
    expect(getComputedStyle(screen.getByTestId('scroller')).position).toBe('relative');
  });

  it("gives a dialog no second 'banner' landmark: its title bar is not the page's header", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <header>Console</header>
        <Modal opened onClose={() => {}} title="Delete Badge" transitionProps={{ duration: 0 }}>
          Body
        </Modal>
        <Drawer opened onClose={() => {}} title="Filters" transitionProps={{ duration: 0 }}>
          Body
        </Drawer>
      </MantineProvider>,
    );
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Delete Badge' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeTruthy();
  });

  it("leaves no hidden list of options named by a closed Select's label, so the label finds only the field", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Select label="Type" data={['Real', 'Custom']} />
      </MantineProvider>,
    );
    expect(screen.getAllByLabelText('Type')).toHaveLength(1);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
  });
});
