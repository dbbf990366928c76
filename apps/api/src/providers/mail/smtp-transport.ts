import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-provider';

export const createSmtpTransport = (smtpUrl: string): MailTransport => {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    deliver: async (message) => {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
};
