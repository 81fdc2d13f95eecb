import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { now } from "../platform/clock";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (an issued invoice's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = process.env.MAIL_FROM ?? "MedLegal <no-reply@medlegal.local>";

/** Sends through the SMTP server that `SMTP_URL` names (smtp:// or smtps://). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: FROM, ...mail });
    },
  };
}

/**
 * Without SMTP (the embedded default) each mail is rendered by nodemailer as a real RFC 822
 * message and written as an .eml file, so a developer can open it; `log` announces it.
 */
export function createFileMailer(directory: string, log: (line: string) => void = console.log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: FROM, ...mail });
      await mkdir(directory, { recursive: true });
      const file = join(directory, `${now().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-z0-9]/gi, "")}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`[mail] to ${mail.to}: "${mail.subject}" written to ${file}`);
    },
  };
}
