import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { newBranchValues, type TBranchFormValues } from '@/features/settings/branches/branch-values';
import { BranchForm } from './branch-form';

const renderForm = (initialValues: TBranchFormValues = newBranchValues(), currencySymbol = 'R') => {
  const onSubmit = vi.fn();
  render(
    <MantineProvider env="test">
      <BranchForm
        label="Add Branch"
        initialValues={initialValues}
        currencySymbol={currencySymbol}
        onSubmit={onSubmit}
      />
    </MantineProvider>,
  );
  return { onSubmit, user: userEvent.setup({ delay: null }) };
};

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Save' });
const section = (name: string) => screen.getByRole('region', { name });

const chooseFeeType = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(screen.getByRole('combobox', { name: 'Delivery Fee Type' }));
  await user.click(await screen.findByRole('option', { name: label }));
};

/** A valid franchise branch, so that each test can break one rule. */
const validValues = (): TBranchFormValues => ({
  ...newBranchValues(),
  display_name: 'Bean There Gardens',
  vat_number: '4123456789',
  banking_details: {
    account_number: '62012345678',
    account_type: 'CHEQUE',
    branch_code: '250655',
    name: 'FNB',
  },
  max_delivery_radius: 8,
  delivery_fee: 25,
});

describe('branch form: a new branch', () => {
  it('starts from the entity defaults, with Save disabled until something is edited', async () => {
    const { user } = renderForm();
    expect(screen.getByRole('switch', { name: /^Franchise/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: /^VAT registered/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: /^Replace by default/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: /^Delivery/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Delivery Fee Type' })).toHaveProperty('value', 'FLAT-FEE');
    const times = section('Trading times');
    const days = within(times)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(days).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Public Holidays',
    ]);
    expect(within(times).getByLabelText('Monday from')).toHaveProperty('value', '06:00');
    expect(within(times).getByLabelText('Public Holidays to')).toHaveProperty('value', '06:00');
    expect(within(times).getByRole('combobox', { name: 'Sunday status' })).toHaveProperty('value', 'Open');

    expect(save()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.type(field('Branch Number'), 'BT-7');
    expect(save()).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('Branch Number')).toHaveProperty('value', '');
    expect(save()).toHaveProperty('disabled', true);
  });

  it('Save shows the server rules on the fields: display name, banking details, VAT number, flat fee', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(field('Branch Number'), 'BT-7');
    await user.click(save());
    for (const message of [
      'display name is required',
      'banking details is required',
      'vat number is required',
      'max delivery radius is required',
      'delivery fee is required',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('Display Name')).toHaveProperty('required', true);
    expect(field('Display Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('banking details are not required without a franchise, nor the VAT number without VAT', async () => {
    const { user, onSubmit } = renderForm({
      ...validValues(),
      banking_details: { account_number: '', account_type: '', branch_code: '', name: '' },
      vat_number: '',
    });
    await user.click(screen.getByRole('switch', { name: /^Franchise/ }));
    await user.click(screen.getByRole('switch', { name: /^VAT registered/ }));
    expect(screen.queryByRole('textbox', { name: 'VAT Number' })).toBeNull();
    await user.click(save());
    expect(screen.queryByText('banking details is required')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ franchise: false, vat_registered: false });
  });

  it('a half-filled bank account names the missing parts', async () => {
    const { user } = renderForm({
      ...validValues(),
      banking_details: { account_number: '62012345678', account_type: '', branch_code: '', name: '' },
    });
    await user.type(field('Bank Name'), 'FNB');
    await user.click(save());
    expect(screen.getByText('account type is required')).toBeTruthy();
    expect(screen.getByText('branch code is required')).toBeTruthy();
    expect(screen.queryByText('banking details is required')).toBeNull();
  });

  it('checks the email and the 10-digit contact number as they are typed', async () => {
    const { user } = renderForm(validValues());
    await user.click(field('Email'));
    await user.paste('gardens@beanthere');
    expect(screen.getByText('email must be a valid email address')).toBeTruthy();
    await user.paste('.co.za');
    expect(screen.queryByText('email must be a valid email address')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: /Contact Number/ }));
    await user.paste('021 456');
    expect(screen.getByText('contact number must be a 10-digit phone number')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /Contact Number/ }));
    await user.paste('0214567890');
    expect(screen.queryByText('contact number must be a 10-digit phone number')).toBeNull();
  });
});

describe('branch form: delivery fee types', () => {
  it('FLAT-FEE shows the max radius (km) and one fee in the client currency', () => {
    renderForm(newBranchValues(), '$');
    const delivery = section('Delivery');
    expect(within(delivery).getByRole('textbox', { name: /Max Delivery Radius/ })).toBeTruthy();
    expect(within(delivery).getByRole('textbox', { name: /^Delivery Fee/ })).toBeTruthy();
    expect(within(delivery).getByText('km')).toBeTruthy();
    expect(within(delivery).getByText('$')).toBeTruthy();
    expect(within(delivery).queryByRole('textbox', { name: /Base Delivery Radius/ })).toBeNull();
    expect(within(delivery).queryByRole('textbox', { name: /Fee per km/ })).toBeNull();
    expect(within(delivery).queryByRole('group', { name: 'Delivery radii' })).toBeNull();
  });

  it('BASE-RADIUS shows the base radius, the fee per km and the delivery fee, each required', async () => {
    const { user, onSubmit } = renderForm(validValues());
    await chooseFeeType(user, 'BASE-RADIUS');
    const delivery = section('Delivery');
    expect(within(delivery).queryByRole('textbox', { name: /Max Delivery Radius/ })).toBeNull();
    expect(within(delivery).getByRole('textbox', { name: /Base Delivery Radius/ })).toBeTruthy();
    expect(within(delivery).getByRole('textbox', { name: /Fee per km/ })).toBeTruthy();
    await user.clear(within(delivery).getByRole('textbox', { name: /^Delivery Fee/ }));
    await user.click(save());
    expect(screen.getByText('base delivery radius is required')).toBeTruthy();
    expect(screen.getByText('delivery fee per km is required')).toBeTruthy();
    expect(screen.getByText('delivery fee is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('MULTI-RADII edits a list of radii with their fees: add, remove, and at least one', async () => {
    const { user, onSubmit } = renderForm(validValues());
    await chooseFeeType(user, 'MULTI-RADII');
    const radii = screen.getByRole('group', { name: 'Delivery radii' });
    expect(screen.queryByRole('textbox', { name: /Max Delivery Radius/ })).toBeNull();
    expect(within(radii).getAllByRole('textbox', { name: /^Radius/ })).toHaveLength(1);

    await user.click(within(radii).getByRole('button', { name: 'Add radius' }));
    await user.type(within(radii).getByRole('textbox', { name: 'Radius 1' }), '5');
    await user.type(within(radii).getByRole('textbox', { name: 'Fee 1' }), '20');
    await user.type(within(radii).getByRole('textbox', { name: 'Radius 2' }), '12');
    await user.click(save());
    expect(screen.getByText('fee is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(within(radii).getByRole('button', { name: 'Remove radius 2' }));
    await user.click(within(radii).getByRole('button', { name: 'Remove radius 1' }));
    expect(screen.getByText('delivery radii is required')).toBeTruthy();

    await user.click(within(radii).getByRole('button', { name: 'Add radius' }));
    await user.type(within(radii).getByRole('textbox', { name: 'Radius 1' }), '7.5');
    await user.type(within(radii).getByRole('textbox', { name: 'Fee 1' }), '30');
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      delivery_fee_type: 'MULTI-RADII',
      delivery_radii: [{ radius: 7.5, fee: 30 }],
    });
  });

  it('without delivery, no fee type or fee is asked for', async () => {
    const { user, onSubmit } = renderForm({ ...validValues(), max_delivery_radius: '', delivery_fee: '' });
    await user.click(screen.getByRole('switch', { name: /^Delivery/ }));
    expect(screen.queryByRole('combobox', { name: 'Delivery Fee Type' })).toBeNull();
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('branch form: trading times', () => {
  it("'Closed' disables the day's times; Open 24hrs needs none either", async () => {
    const { user } = renderForm();
    const times = section('Trading times');
    await user.click(within(times).getByRole('combobox', { name: 'Sunday status' }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    expect(within(times).getByLabelText('Sunday from')).toHaveProperty('disabled', true);
    expect(within(times).getByLabelText('Sunday to')).toHaveProperty('disabled', true);
    expect(within(times).getByLabelText('Monday from')).toHaveProperty('disabled', false);
    await user.click(within(times).getByRole('combobox', { name: 'Monday status' }));
    await user.click(await screen.findByRole('option', { name: 'Open 24hrs' }));
    expect(within(times).getByLabelText('Monday from')).toHaveProperty('disabled', true);
  });
});
