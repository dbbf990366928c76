import { DEBOUNCE_MS } from '@laurel/contract';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

type Props = {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  debounceMs?: number;
};

/** A search box that reports what was typed once typing pauses (spec 1 §9 debounce times). */
export const DebouncedSearch = ({
  value,
  onChange,
  label = 'Search',
  placeholder = 'Search…',
  debounceMs = DEBOUNCE_MS.default,
}: Props) => {
  const [text, setText] = useState(value);
  const report = useDebouncedCallback((next: string) => onChange(next.trim()), debounceMs);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 280 }}
    />
  );
};
