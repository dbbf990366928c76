import { Fragment } from 'react';

/** After these a URL may break; a run of them ('://', '/-') stays together. */
const BREAK_AFTER = /(?<=[/.?&=#-])(?![/.?&=#-])/;

/**
 * A URL that wraps at sensible points (after '/', '.', '?', '-', '&', '=', '#') rather than mid-word
 * ('…/probe-hoo' + 'k'). <wbr> rather than a zero-width space, so that a copied URL is the URL. Give its element
 * `overflow-wrap: anywhere` (URL_WRAP_STYLE) so that one part longer than the line still breaks rather than overflows.
 */
export const breakableUrl = (url: string) => {
  let at = 0;
  return url.split(BREAK_AFTER).map((part) => {
    const start = at;
    at += part.length;
    // The part's offset: unique along the URL.
    return (
      <Fragment key={start}>
        {start > 0 && <wbr />}
        {part}
      </Fragment>
    );
  });
};

/** The style for an element holding a breakableUrl: its <wbr>s first, then anywhere for a part too long alone. */
export const URL_WRAP_STYLE = { overflowWrap: 'anywhere' } as const;
