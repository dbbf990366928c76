import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each field's code arrives when a test says so (`code.arrive()`), as a slow network would deliver it: after the
// press or key that asked for it.
const code = vi.hoisted(() => {
  const state = { arrive: () => {}, arrived: Promise.resolve() };
  const reset = () => {
    state.arrived = new Promise<void>((resolve) => {
      state.arrive = resolve;
    });
  };
  return { state, reset };
});
vi.mock('./number-input-code', async (importOriginal) => {
  await code.state.arrived;
  return importOriginal();
});
vi.mock('./dates-code', async (importOriginal) => {
  await code.state.arrived;
  return importOriginal();
});
vi.mock('./color-input-code', async (importOriginal) => {
  await code.state.arrived;
  return importOriginal();
});
vi.mock('@/ui/select-code', async (importOriginal) => {
  await code.state.arrived;
  return importOriginal();
});

const wrap = (children: ReactNode) => render(<MantineProvider env="test">{children}</MantineProvider>);

/** A field's value held as a page holds it, every change recorded. */
const Harness = <TValue,>({
  initial,
  changes,
  field,
}: {
  initial: TValue;
  changes: TValue[];
  field: (value: TValue, onChange: (next: TValue) => void) => ReactNode;
}) => {
  const [value, setValue] = useState(initial);
  return field(value, (next) => {
    changes.push(next);
    setValue(next);
  });
};
const user = userEvent.setup();

// Fresh modules per test: no field's code is loaded yet, as on a page's first load.
beforeEach(() => {
  vi.resetModules();
  code.reset();
});

describe('lazy number input', () => {
  const renderLevel = async (initial: number | string = 1200) => {
    const { LazyNumberInput } = await import('./lazy-number-input');
    const changes: (number | string)[] = [];
    wrap(
      <Harness
        initial={initial}
        changes={changes}
        field={(value, onChange) => (
          <LazyNumberInput
            label="Level"
            thousandSeparator
            min={1}
            max={5000}
            value={value}
            onChange={onChange}
          />
        )}
      />,
    );
    return changes;
  };

  it('shows the value as NumberInput would, and keeps what is typed before its code arrives', async () => {
    const changes = await renderLevel();
    const input = screen.getByRole('textbox', { name: 'Level' });
    expect(input).toHaveProperty('value', '1,200');
    await user.clear(input);
    await user.type(input, '42');
    // Reported at once, so that a save made now has it.
    expect(changes.at(-1)).toBe(42);
    code.state.arrive();
    await waitFor(() => expect(document.querySelector('.mantine-NumberInput-root')).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Level' })).toHaveProperty('value', '42'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Level' }));
    // Typing goes on in the real field.
    await user.keyboard('5');
    expect(changes.at(-1)).toBe(425);
  });

  it('makes a step pressed before its code arrives', async () => {
    const changes = await renderLevel(7);
    const up = document.querySelector<HTMLElement>('[data-direction="up"]');
    expect(up).toBeTruthy();
    fireEvent.pointerEnter(screen.getByRole('textbox', { name: 'Level' }));
    fireEvent.pointerDown(up as HTMLElement);
    code.state.arrive();
    await waitFor(() => expect(changes).toContain(8));
  });
});

describe('lazy date input', () => {
  it('shows the day in its format and takes a typed day before its code arrives', async () => {
    const { LazyDateInput } = await import('./lazy-date-input');
    const changes: (string | null)[] = [];
    wrap(
      <Harness<string | null>
        initial="2025-12-01"
        changes={changes}
        field={(value, onChange) => (
          <LazyDateInput
            label="Start Date"
            valueFormat="D MMM YYYY"
            clearable
            value={value}
            onChange={(next) => onChange(next as string | null)}
          />
        )}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Start Date' });
    expect(input).toHaveProperty('value', '1 Dec 2025');
    await user.clear(input);
    await user.type(input, '28 Feb 2026');
    expect(changes.at(-1)).toBe('2026-02-28');
    code.state.arrive();
    await waitFor(() => expect(document.querySelector('.mantine-DateInput-input')).toBeTruthy());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Start Date' })).toHaveProperty('value', '28 Feb 2026'),
    );
    // The real field has the focus; a whole day was typed, so its calendar stays closed: it would cover the fields
    // below it (a click opens it again; the customers journey fills Birthday, then ticks SMS below it).
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Start Date' }));
    expect(document.querySelector('[data-dates-dropdown]')).toBeNull();
  });
});

describe('lazy date input in a form', () => {
  it('takes Enter as confirming the typed day, before and after its code arrives: the form is not submitted', async () => {
    const { LazyDateInput } = await import('./lazy-date-input');
    const changes: (string | null)[] = [];
    const submitted = vi.fn();
    wrap(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted();
        }}
      >
        <Harness<string | null>
          initial={null}
          changes={changes}
          field={(value, onChange) => (
            <LazyDateInput
              label="End Date"
              valueFormat="D MMM YYYY"
              value={value}
              onChange={(next) => onChange(next as string | null)}
            />
          )}
        />
        <button type="submit">Save</button>
      </form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'End Date' }), '20 Dec 2026');
    await user.keyboard('{Enter}');
    expect(submitted).not.toHaveBeenCalled();
    code.state.arrive();
    await waitFor(() => expect(document.querySelector('.mantine-DateInput-input')).toBeTruthy());
    // The real field: Enter still submits nothing, and leaves the calendar closed.
    await user.type(screen.getByRole('textbox', { name: 'End Date' }), '{Enter}');
    expect(document.querySelector('[data-dates-dropdown]')).toBeNull();
    expect(submitted).not.toHaveBeenCalled();
    // The form's own button still submits it.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});

describe('lazy colour input', () => {
  it('shows the colour and reports what is typed at once', async () => {
    const { LazyColorInput } = await import('./lazy-color-input');
    const changes: string[] = [];
    wrap(
      <Harness
        initial="#d2a023"
        changes={changes}
        field={(value, onChange) => <LazyColorInput label="Name Color" value={value} onChange={onChange} />}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Name Color' });
    expect(input).toHaveProperty('value', '#d2a023');
    await user.clear(input);
    await user.type(input, '#112233');
    expect(changes.at(-1)).toBe('#112233');
    code.state.arrive();
    await waitFor(() => expect(document.querySelector('.mantine-ColorInput-input')).toBeTruthy());
    expect(screen.getByRole('textbox', { name: 'Name Color' })).toHaveProperty('value', '#112233');
  });
});

describe('lazy multi-select', () => {
  it('shows the chosen values as pills and opens its options on the press that loads it', async () => {
    const { LazyMultiSelect } = await import('@/ui/lazy-select');
    const changes: string[][] = [];
    wrap(
      <Harness
        initial={['earn']}
        changes={changes}
        field={(value, onChange) => (
          <LazyMultiSelect
            aria-label="Type"
            data={[
              { value: 'earn', label: 'Earning' },
              { value: 'spend', label: 'Spending' },
            ]}
            value={value}
            onChange={onChange}
          />
        )}
      />,
    );
    expect(screen.getByText('Earning')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    code.state.arrive();
    await user.click(await screen.findByRole('option', { name: 'Spending' }));
    expect(changes).toEqual([['earn', 'spend']]);
  });
});
