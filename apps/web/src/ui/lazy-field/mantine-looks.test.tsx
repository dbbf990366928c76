import { ColorInput, MantineProvider, NumberInput } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLOR_PREVIEW_CLASS, canStep, formatNumberInput, NUMBER_INPUT_CLASSES } from './mantine-looks';

describe('stand-in looks', () => {
  it("uses the class names of the installed Mantine's NumberInput and ColorInput", () => {
    expect(NUMBER_INPUT_CLASSES).toEqual({
      root: NumberInput.classes.root,
      controls: NumberInput.classes.controls,
      control: NumberInput.classes.control,
    });
    const { container } = render(
      <MantineProvider env="test">
        <ColorInput label="Colour" value="#ffffff" onChange={() => {}} />
      </MantineProvider>,
    );
    expect(container.querySelector('.mantine-ColorInput-colorPreview')?.classList).toContain(
      COLOR_PREVIEW_CLASS,
    );
  });

  it('shows a number as NumberInput does', () => {
    expect(formatNumberInput('', {})).toBe('');
    expect(formatNumberInput(3, {})).toBe('3');
    expect(formatNumberInput(1234567.5, { thousandSeparator: true })).toBe('1,234,567.5');
    expect(formatNumberInput(12, { decimalScale: 2, fixedDecimalScale: true, prefix: 'R ' })).toBe('R 12.00');
    expect(formatNumberInput(5, { suffix: '%' })).toBe('5%');
    expect(formatNumberInput('1.', {})).toBe('1.');
    expect(formatNumberInput('abc', {})).toBe('abc');
    expect([canStep(''), canStep(4), canStep('4'), canStep('x')]).toEqual([true, true, true, false]);
  });
});
