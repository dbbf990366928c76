/** The encodings the server makes, best first: brotli is smaller, gzip is understood everywhere. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type TEncoding = (typeof ENCODINGS)[number];

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** Whether a response of this content type gains from compression (images and archives are compressed already). */
export const isCompressible = (contentType: string | undefined) =>
  contentType !== undefined && COMPRESSIBLE.test(contentType);

/**
 * The best of `offered` that the client's Accept-Encoding allows (RFC 9110 §12.5.3: q-values, `*`,
 * `q=0` refuses), or undefined for the identity body.
 */
export const chooseEncoding = (
  acceptEncoding: string | string[] | undefined,
  offered: readonly TEncoding[] = ENCODINGS,
): TEncoding | undefined => {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: TEncoding | undefined;
  for (const encoding of offered) {
    if (weightOf(encoding) > 0 && (!best || weightOf(encoding) > weightOf(best))) best = encoding;
  }
  return best;
};

/** Adds Accept-Encoding to a Vary header without repeating it. */
export const varyOnEncoding = (current: string | string[] | number | undefined) => {
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) {
    return values.join(', ');
  }
  return [...values, 'Accept-Encoding'].join(', ');
};
