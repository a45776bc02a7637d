// The binding writes the MIME, signs it (DKIM) and adds Date and Message-ID. Under `wrangler dev`
// it sends nothing: it keeps each message for the Local Explorer (docs/deploy.md, "Mail").
import type { MailMessage } from './leadMail';
import type { Mailer } from './mailChannels';

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
