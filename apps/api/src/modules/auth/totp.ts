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
 * A code checked against the current and the previous 30 s window (a code typed just as it changes still counts):
 * `{ step }` for a code accepted now, 'used' for the code of the step last accepted (typed twice: the user should
 * wait for the next one), else null. Later steps (a clock running ahead) are refused, as are steps before
 * `lastUsedStep`: a code is accepted once.
 */
export const checkTotpCode = (
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = Date.now(),
): { step: number } | 'used' | null => {
  if (!isTotpCode(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null || delta > 0) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return step === lastUsedStep ? 'used' : null;
  return { step };
};

/** The time step of a code accepted now (checkTotpCode), else null. */
export const acceptedTotpStep = (
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = Date.now(),
) => {
  const checked = checkTotpCode(secret, code, lastUsedStep, now);
  return checked === null || checked === 'used' ? null : checked.step;
};
