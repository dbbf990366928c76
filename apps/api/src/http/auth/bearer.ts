/** The scheme is case-insensitive (RFC 9110 §11.1): `bearer`, `Bearer` and `BEARER` all name it. */
const BEARER = /^bearer[ \t]+(.*)$/i;

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export const bearerToken = (header: string | undefined): string | null => {
  const token = header ? BEARER.exec(header)?.[1]?.trim() : undefined;
  return token ? token : null;
};
