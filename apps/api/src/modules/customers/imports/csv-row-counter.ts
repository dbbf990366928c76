const QUOTE = 0x22;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Counts the non-blank records of a CSV as its bytes stream past (RFC 4180: a newline inside quotes does not end
 * a record), so the upload knows the total for the progress bar without parsing the file twice.
 */
export const createCsvRowCounter = () => {
  let quoted = false;
  let content = false;
  let records = 0;
  return {
    push(bytes: Uint8Array) {
      for (let i = 0; i < bytes.length; i += 1) {
        const byte = bytes[i];
        if (byte === QUOTE) {
          quoted = !quoted;
          content = true;
        } else if ((byte === NEWLINE || byte === CARRIAGE_RETURN) && !quoted) {
          // CR LF, LF alone, or CR alone (old Mac files) end a record; the LF after a CR finds no content.
          if (content) records += 1;
          content = false;
        } else content = true;
      }
    },
    /** Records so far, counting a last line without its newline. */
    get records() {
      return records + (content ? 1 : 0);
    },
  };
};
