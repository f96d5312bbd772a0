import nodemailer from 'nodemailer';
import type { MailMessage, MailPort } from '../domain/context.js';

/**
 * E-mail through SMTP with nodemailer (docs/notifications.md#e-mail), one message per person: the
 * envelope and `To` hold that one address, never a list.
 */
export function createMailer(smtpUrl: string, from: string): MailPort & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage): Promise<void> {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
    close: () => transport.close(),
  };
}
