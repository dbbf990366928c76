import { Secret, TOTP } from 'otpauth';

/** The TOTP code an authenticator app shows for `secret` at `now + offsetMs` (RFC 6238: SHA-1, 6 digits, 30 s). */
export const totpCode = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetMs,
  });

/** A 6-digit code that is none of the codes of the windows around now. */
export const wrongCode = (secret: string) => {
  const near = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
};
