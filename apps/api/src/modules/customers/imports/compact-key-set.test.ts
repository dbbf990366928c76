import { describe, expect, it } from 'vitest';
import { CompactKeySet } from './compact-key-set';
import { createCsvRowCounter } from './csv-row-counter';

describe('the key set of an import file', () => {
  it('answers the first row of a key, across growth, and keeps the first row of a repeat', () => {
    const keys = new CompactKeySet();
    for (let row = 1; row <= 50_000; row++) keys.add(`m:user${row}@example.com`, row);
    keys.add('m:user7@example.com', 99_999);
    expect(keys.count).toBe(50_000);
    expect(keys.rowOf('m:user7@example.com')).toBe(7);
    expect(keys.rowOf('m:user50000@example.com')).toBe(50_000);
    expect(keys.rowOf('m:nobody@example.com')).toBeNull();
    // The same value as another kind of key is another key.
    expect(keys.rowOf('e:user7@example.com')).toBeNull();
  });
});

describe('the row counter', () => {
  it('counts records, not lines: quoted newlines, CRLF, blank lines and a last line without its newline', () => {
    const counter = createCsvRowCounter();
    for (const part of ['name,note\r\nA,"two\nlines"\r\n', '\r\nB,"x', ',y"\nC,z'])
      counter.push(Buffer.from(part));
    expect(counter.records).toBe(4);
  });
});
