import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Laurel';
const PERIOD_S = 30;

const totpOf = (secret: string, label = 'staff') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What the enrolment page shows: the secret, its otpauth:// URI and that URI as a QR code (PNG data URL). */
export const totpSetup = async (secret: string, email: string) => {
  const otpauthUrl = totpOf(secret, email).toString();
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
  };
};

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * The 30 s time step the code belongs to when it is the current or the previous window's code (a code typed just
 * as it changes still counts), else null. Later steps (a clock running ahead) are refused, as are steps at or
 * before `lastUsedStep`: a code is accepted once.
 */
export const acceptedTotpStep = (
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = Date.now(),
) => {
  if (!isTotpCode(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null || delta > 0) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
};
