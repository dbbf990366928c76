/**
 * The keys seen so far in an import file (external ids, emails, cell numbers, loyalty numbers), with the row that
 * first held each: a million rows hold four million keys, so each is kept as a 64-bit hash (two FNV-1a lanes) in
 * typed arrays, about 24 bytes a key instead of a few hundred as strings in a Map. A collision (odds about 1e-7 at
 * four million keys) would report a false repeat; it can never let a real repeat through.
 */
/** Linear probing stays short up to three quarters full. */
const MAX_LOAD = 0.75;

export class CompactKeySet {
  private high: Uint32Array;
  private low: Uint32Array;
  private rows: Int32Array;
  private size = 0;

  /**
   * `expected` keys fit without growing (a file's rows × its key columns, from the upload's count). The table is
   * sized to them exactly, not to the next power of two: at four million keys that is 64 MB instead of 100.
   */
  constructor(expected = 0) {
    const capacity = Math.max(1 << 12, Math.ceil(expected / MAX_LOAD) + 1);
    this.high = new Uint32Array(capacity);
    this.low = new Uint32Array(capacity);
    this.rows = new Int32Array(capacity);
  }

  get count() {
    return this.size;
  }

  /** The row that holds the key, or null when no row has it yet. */
  rowOf(key: string): number | null {
    const [high, low] = hash(key);
    const row = this.rows[this.find(high, low)] as number;
    return row === 0 ? null : row;
  }

  /** Records the key for `row` (rows count from 1); a key already held keeps its first row. */
  add(key: string, row: number) {
    if (this.size + 1 > this.rows.length * MAX_LOAD) this.grow();
    const [high, low] = hash(key);
    const at = this.find(high, low);
    if (this.rows[at] !== 0) return;
    this.high[at] = high;
    this.low[at] = low;
    this.rows[at] = row;
    this.size += 1;
  }

  // Linear probing; a slot is free while its row is 0 (rows count from 1).
  private find(high: number, low: number) {
    const capacity = this.rows.length;
    let at = ((low ^ high) >>> 0) % capacity;
    while (this.rows[at] !== 0 && (this.high[at] !== high || this.low[at] !== low))
      at = at + 1 === capacity ? 0 : at + 1;
    return at;
  }

  private grow() {
    const { high, low, rows } = this;
    this.high = new Uint32Array(rows.length * 2);
    this.low = new Uint32Array(rows.length * 2);
    this.rows = new Int32Array(rows.length * 2);
    for (let i = 0; i < rows.length; i += 1) {
      if (rows[i] === 0) continue;
      const at = this.find(high[i] as number, low[i] as number);
      this.high[at] = high[i] as number;
      this.low[at] = low[i] as number;
      this.rows[at] = rows[i] as number;
    }
  }
}

const hash = (key: string): [number, number] => {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ key.length;
  for (let i = 0; i < key.length; i += 1) {
    const code = key.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, (b ^ (a >>> 7)) >>> 0];
};
