/**
 * A long id shortened in its middle ('order:6b0d…3e7a:status:2' keeps both ends): ids that share a prefix (a
 * type, a timestamp) differ at the end, which cutting the end would hide.
 */
export const middleEllipsis = (text: string, keep = 10) =>
  text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
