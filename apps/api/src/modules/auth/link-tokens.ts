import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { passwordTokens } from '../../db/schema';
import type { MailMessage } from '../../providers/mail/mail-provider';
import { hashLinkToken, newLinkToken } from './passwords';

export type LinkPurpose = 'reset' | 'verify';

const LIFETIME_MS: Record<LinkPurpose, number> = {
  reset: 60 * 60 * 1000,
  // A new account's verification link may wait in an inbox for a while.
  verify: 7 * 24 * 60 * 60 * 1000,
};

export const issueLinkToken = async (db: DbOrTx, userId: string, purpose: LinkPurpose) => {
  const { token, tokenHash } = newLinkToken();
  await db.insert(passwordTokens).values({
    id: newId(),
    userId,
    tokenHash,
    purpose,
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  return token;
};

/** Marks a live token used, atomically: of two concurrent uses only one gets the row back. */
export const consumeLinkToken = async (db: DbOrTx, token: string) => {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.tokenHash, hashLinkToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  return row ? { userId: row.userId, purpose: row.purpose as LinkPurpose } : null;
};

export const linkMail = (
  publicUrl: string,
  purpose: LinkPurpose,
  to: string,
  name: string,
  token: string,
): MailMessage => {
  const link = `${publicUrl}/welcome/reset-password/${purpose === 'verify' ? '1' : '0'}/${token}`;
  if (purpose === 'verify') {
    return {
      to,
      kind: 'verify-email',
      link,
      subject: 'Welcome to Laurel: verify your email address',
      text: `Hi ${name},\n\nWelcome to Laurel. Verify your email address and choose your password here:\n${link}\n\nThe link can be used once and expires in 7 days.`,
    };
  }
  return {
    to,
    kind: 'reset-password',
    link,
    subject: 'Reset your Laurel password',
    text: `Hi ${name},\n\nSomeone asked to reset the password of your Laurel account. If it was you, choose a new password here:\n${link}\n\nThe link can be used once and expires in one hour. If it was not you, ignore this email.`,
  };
};
