import { useState } from 'react';

/**
 * An editor's edited flag (spec 2 and 3: "keep an edited flag; Save is enabled only after a change"): raised by the
 * first change and kept when the change is undone, so that a field typed in and cleared again can still be saved to
 * show its message. The pages remount their form after a successful save, which lowers it.
 */
export const useEditedFlag = (differs: boolean) => {
  const [raised, setRaised] = useState(false);
  if (differs && !raised) setRaised(true);
  return differs || raised;
};
