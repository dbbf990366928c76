import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDrop } from './file-drop';

const renderDrop = (props: Partial<Parameters<typeof FileDrop>[0]> = {}) => {
  const onFile = vi.fn();
  render(
    <MantineProvider env="test">
      <FileDrop label="CSV file" accept=".csv" onFile={onFile} hint=".csv only" {...props} />
    </MantineProvider>,
  );
  return onFile;
};

const csv = () => new File(['a,b\n1,2'], 'rows.csv', { type: 'text/csv' });

describe('FileDrop', () => {
  it('takes a file chosen with the dialog, and the same file again', async () => {
    const onFile = renderDrop();
    const input = screen.getByLabelText('CSV file');
    const file = csv();
    await userEvent.upload(input, file);
    await userEvent.upload(input, file);
    expect(onFile).toHaveBeenCalledTimes(2);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByText('.csv only')).toBeTruthy();
  });

  it('takes a dropped file', () => {
    const onFile = renderDrop();
    const zone = screen.getByText('Drop a file here or click to choose one').closest('label') as HTMLElement;
    const file = csv();
    fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
    expect(zone.hasAttribute('data-active')).toBe(true);
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
    expect(zone.hasAttribute('data-active')).toBe(false);
  });

  it('takes nothing while busy, and shows its error', () => {
    const onFile = renderDrop({ busy: true, error: 'Only CSV files.' });
    const zone = screen.getByText('Drop a file here or click to choose one').closest('label') as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [csv()] } });
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.getByText('Only CSV files.')).toBeTruthy();
    expect(screen.getByLabelText('CSV file').getAttribute('aria-invalid')).toBe('true');
  });
});
