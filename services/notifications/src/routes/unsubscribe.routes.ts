import { notificationsEndpoints as api } from '@powerpool/contracts';
import { route, type ServiceApp } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { unsubscribe, unsubscribePage } from '../domain/unsubscribe.js';

/** The e-mails' unsubscribe link: GET shows what it turns off, POST (one click, RFC 8058) turns it off. */
export function registerUnsubscribeRoutes(app: ServiceApp, ctx: NotificationsContext): void {
  // A mail program's one-click POST sends the form `List-Unsubscribe=One-Click` (RFC 8058 section 3.1)
  // and the page's button an empty form: read and left aside, the token in the path says it all.
  // Any other endpoint of this service sent a form finds no body and answers 400 as before.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  route(app, api.unsubscribePage, async (request, reply) => reply.type('text/html; charset=utf-8').send(unsubscribePage(ctx, request.params.token)));
  route(app, api.unsubscribe, async (request, reply) => reply.type('text/html; charset=utf-8').send(await unsubscribe(ctx, request.params.token)));
}
