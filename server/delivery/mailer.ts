// The binding writes the MIME, signs it (DKIM) and adds Date and Message-ID. Under `wrangler dev`
// it sends nothing: it keeps each message for the Local Explorer (docs/deploy.md, "Mail").
import { brands, type BrandId } from '../../src/brand/brands';
import { mailSender, type MailSender } from '../../src/brand/mail';
import type { MailMessage } from './leadMail';
import { addressList, type Mailer } from './mailChannels';

export class BindingMailer implements Mailer {
  constructor(private readonly binding: Pick<SendEmail, 'send'> | undefined) {}

  async send(message: MailMessage): Promise<void> {
    if (!this.binding) throw new Error('the Worker has no EMAIL binding (send_email)');
    await this.binding.send({
      from: message.from,
      to: message.to,
      ...(message.replyTo && { replyTo: message.replyTo }),
      subject: message.subject,
      text: message.text,
      headers: message.headers,
      ...(message.attachments && {
        attachments: message.attachments.map((file) => ({
          ...file,
          disposition: 'attachment' as const,
        })),
      }),
    });
  }
}

/** Mail to ops (OPS_MAIL_TO): null where the brand sends no mail, names no one or has no binding. */
export function opsMail(
  env: { OPS_MAIL_TO?: string | undefined; EMAIL?: Pick<SendEmail, 'send'> | undefined },
  brand: BrandId,
): { sender: MailSender; to: string[]; mailer: Mailer } | null {
  const sender = mailSender(brands[brand]);
  const to = addressList(env.OPS_MAIL_TO);
  if (!sender || to.length === 0 || !env.EMAIL) return null;
  return { sender, to, mailer: new BindingMailer(env.EMAIL) };
}
