/**
 * A list filter whose value the server would refuse shows its problem under the field, out of the flow: the fields
 * of a filter row stay lined up at their bottoms, and the row makes room below while any problem is shown.
 */
const LABEL_STYLE = { whiteSpace: 'nowrap' } as const;
/** Mantine spaces the input from an error below it; the error here takes no room of its own. */
const WRAPPER_STYLE = { marginBottom: 0 } as const;
/** Below the input, over the room PROBLEM_ROOM keeps (Mantine's error: 5 px margin, one 12 px line). */
const ERROR_STYLE = { position: 'absolute', whiteSpace: 'nowrap' } as const;
const PROBLEM_ROOM = '1.25rem';

/** Props of a filter field that may show a problem (spread on a Mantine input). */
export const CHECKED_FILTER_PROPS = {
  pos: 'relative',
  styles: { label: LABEL_STYLE, wrapper: WRAPPER_STYLE, error: ERROR_STYLE },
} as const;

/** The style of a wrapping row of filters: room below each line while `anyProblem`. */
export const filterRowStyle = (anyProblem: boolean) =>
  anyProblem
    ? { rowGap: `calc(var(--mantine-spacing-sm) + ${PROBLEM_ROOM})`, paddingBottom: PROBLEM_ROOM }
    : undefined;
