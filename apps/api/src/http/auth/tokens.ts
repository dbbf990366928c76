import type { TTokenKind } from '@laurel/contract';
import { jwtVerify, SignJWT } from 'jose';

export type SessionTokenKind = Exclude<TTokenKind, 'none' | 'apiKey' | 'integration'>;

/** Distinct audiences, so that one kind of token can never stand in for another (DESIGN §3). */
export const TOKEN_AUDIENCES: Record<SessionTokenKind, string> = {
  user: 'laurel:user',
  client: 'laurel:client',
  media: 'laurel:media-upload',
  payment: 'laurel:payment-engine',
};

const ISSUER = 'laurel';
const REMEMBERED_SESSION = '30d';
const TAB_SESSION = '12h';

export type TokenClaims = { userId: string; clientId: string; tokenVersion: number };

export const createTokenService = (secret: string) => {
  const key = new TextEncoder().encode(secret);

  const sign = (kind: SessionTokenKind, claims: TokenClaims, rememberMe: boolean) =>
    new SignJWT({ cid: claims.clientId, tv: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(TOKEN_AUDIENCES[kind])
      .setIssuedAt()
      .setExpirationTime(rememberMe ? REMEMBERED_SESSION : TAB_SESSION)
      .sign(key);

  return {
    /** The four tokens sign-in returns. */
    issueSession: async (claims: TokenClaims, rememberMe: boolean) => ({
      token: await sign('user', claims, rememberMe),
      client_token: await sign('client', claims, rememberMe),
      media_upload_token: await sign('media', claims, rememberMe),
      payment_engine_token: await sign('payment', claims, rememberMe),
    }),
    /**
     * The claims of a valid token of that kind and when it expires (ms since the epoch), or null for anything else
     * (expired, forged, other kind).
     */
    verify: async (
      kind: SessionTokenKind,
      token: string,
    ): Promise<(TokenClaims & { expiresAt: number }) | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: TOKEN_AUDIENCES[kind] });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.cid !== 'string' ||
          typeof payload.tv !== 'number' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return {
          userId: payload.sub,
          clientId: payload.cid,
          tokenVersion: payload.tv,
          expiresAt: payload.exp * 1000,
        };
      } catch {
        return null;
      }
    },
  };
};
export type TokenService = ReturnType<typeof createTokenService>;
