import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the catcher received it. */
export interface CaughtMail {
  /** The SMTP envelope's recipients (what the server was asked to deliver to). */
  envelopeTo: string[];
  from: string;
  to: string;
  cc: string;
  subject: string;
  text: string;
  /** The HTML part ('' when the e-mail has none). */
  html: string;
  messageId: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  receivedAt: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> for the notifications service's SMTP_URL. */
  smtpUrl: string;
  /** The page's loopback base URL, for the gateway's `/dev-mail` proxy. */
  pageUrl: string;
  /** What was caught, oldest first. */
  messages(): readonly CaughtMail[];
  close(): Promise<void>;
}

/** Most e-mails kept (oldest dropped first). */
const KEEP = 500;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The local mail catcher of embedded mode and the tests (docs/notifications.md#e-mail): an SMTP server on loopback
 * (smtp-server) that keeps every message it gets (parsed by mailparser) in memory, and a page at
 * `/dev-mail` (through the gateway, development only) listing them, newest first. Nothing is
 * delivered anywhere.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const address = (a: typeof mail.to) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));
          const headers: Record<string, string> = {};
          for (const line of mail.headerLines) headers[line.key.toLowerCase()] = line.line.slice(line.line.indexOf(':') + 1).trim();
          caught.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: address(mail.from),
            to: address(mail.to),
            cc: address(mail.cc),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
            headers,
            receivedAt: new Date().toISOString(),
          });
          if (caught.length > KEEP) caught.shift();
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const page: Server = createServer((request, response) => {
    const list = [...caught]
      .reverse()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.receivedAt)} · List-Unsubscribe: ${escapeHtml(
            m.headers['list-unsubscribe'] ?? 'none',
          )}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    if (request.url?.startsWith('/dev-mail/messages.json')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(caught));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sent e-mails · PowerPool (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}
article{overflow-wrap:anywhere}
h2{font-size:1.05rem;margin:0}.meta{color:#475569;font-size:.85rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}</style></head>
<body><h1>E-mails sent (development mail catcher)</h1><p>${caught.length} caught; nothing leaves this machine. Reload to see new ones.</p>${list || '<p>No e-mail yet.</p>'}</body></html>`);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', () => resolve()));
  const pagePort = (page.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    pageUrl: `http://127.0.0.1:${pagePort}`,
    messages: () => caught,
    async close() {
      await new Promise<void>((resolve) => page.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
