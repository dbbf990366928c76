import { Fragment } from 'react';

/**
 * A dotted name ('reward_track.milestone_reached') that may break after a dot only, so that a long one takes half
 * a column's width: give it `white-space: nowrap` (which keeps a hyphen or underscore from breaking it) and <wbr>
 * breaks it even so. <wbr> rather than a zero-width space, so that a copied name is the name.
 */
export const breakAfterDots = (name: string) =>
  name.split('.').map((part, index, parts) => (
    // What comes up to this part: unique along the name.
    <Fragment key={parts.slice(0, index + 1).join('.')}>
      {index > 0 && (
        <>
          .<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
