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

/** The field of the sign-in answer that carries each kind. */
export const SIGN_IN_FIELDS: Record<SessionTokenKind, string> = {
  user: 'token',
  client: 'client_token',
  media: 'media_upload_token',
  payment: 'payment_engine_token',
};

const ISSUER = 'laurel';
const REMEMBERED_SESSION = '30d';
const TAB_SESSION = '12h';
/** How long a sign-in may wait between the password and the second factor. */
export const MFA_TOKEN_LIFETIME = '5m';
const MFA_AUDIENCE = 'laurel:mfa-sign-in';

/** How long a session's tokens live, in ms: the session row expires with them. */
export const sessionLifetimeMs = (rememberMe: boolean) =>
  rememberMe ? 30 * 24 * 60 * 60 * 1000 : 12 * 60 * 60 * 1000;

/** `sessionId` (the `sid` claim) names the staff_sessions row that every token of one sign-in shares. */
export type TokenClaims = { userId: string; clientId: string; tokenVersion: number; sessionId: string };

/**
 * Between the password and the second factor: `verify` completes a sign-in with a code, `enrol` sets a factor up
 * first (the business requires one). Bound to the user and their token version, so a password reset voids it.
 */
export type MfaPurpose = 'verify' | 'enrol';
export type MfaClaims = {
  userId: string;
  clientId: string;
  tokenVersion: number;
  purpose: MfaPurpose;
  rememberMe: boolean;
};

/** A verified mfa token's claims, with when it was issued (ms since the epoch): a sign-in spends it (two-factor). */
export type VerifiedMfaClaims = MfaClaims & { issuedAtMs: number };

export const createTokenService = (secret: string) => {
  const key = new TextEncoder().encode(secret);

  const sign = (kind: SessionTokenKind, claims: TokenClaims, rememberMe: boolean) =>
    new SignJWT({ cid: claims.clientId, tv: claims.tokenVersion, sid: claims.sessionId })
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
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return {
          userId: payload.sub,
          clientId: payload.cid,
          tokenVersion: payload.tv,
          sessionId: payload.sid,
          expiresAt: payload.exp * 1000,
        };
      } catch {
        return null;
      }
    },
    /** The short-lived token of a sign-in waiting for its second factor. */
    issueMfa: (claims: MfaClaims) =>
      new SignJWT({
        cid: claims.clientId,
        tv: claims.tokenVersion,
        purpose: claims.purpose,
        rm: claims.rememberMe,
        // `iat` counts seconds; a sign-in spends this token and those issued before it, to the millisecond.
        ims: Date.now(),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(MFA_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(MFA_TOKEN_LIFETIME)
        .sign(key),
    /** The claims of a live mfa token of that purpose, or null. */
    verifyMfa: async (token: string, purpose: MfaPurpose): Promise<VerifiedMfaClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: MFA_AUDIENCE });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.cid !== 'string' ||
          typeof payload.tv !== 'number' ||
          typeof payload.ims !== 'number' ||
          payload.purpose !== purpose
        ) {
          return null;
        }
        return {
          userId: payload.sub,
          clientId: payload.cid,
          tokenVersion: payload.tv,
          purpose,
          rememberMe: payload.rm === true,
          issuedAtMs: payload.ims,
        };
      } catch {
        return null;
      }
    },
  };
};
export type TokenService = ReturnType<typeof createTokenService>;
