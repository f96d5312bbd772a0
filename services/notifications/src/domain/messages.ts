import { formatDateTime, NOTIFICATION_KIND_LABELS, weekTitle, type NotificationKind } from '@powerpool/contracts';

/** What a message is about, read from this service's copies at the moment it is sent. */
export interface MessageFacts {
  kind: NotificationKind;
  /** The server's clock as the message is sent: the time left to the deadline is said from it. */
  now: Date;
  recipientName: string;
  poolId: string;
  poolName: string;
  weekNumber: number;
  pickDeadline: Date;
  publicUrl: string;
  /** Week results: the player's points and shared rank among the players the week ranked. */
  result: { points: number; rank: number; players: number } | null;
}

export interface ComposedMessage {
  subject: string;
  /** Plain text of the e-mail, before its footer. */
  text: string;
  /** The push message's title and body (short). */
  title: string;
  body: string;
  /** Where a tap or the e-mail's button leads: Make Picks, or the week's live board for results. */
  url: string;
}

/**
 * What a push carries to open: the path of a message's url. The service worker opens only a path
 * of its own site and anything else at `/` (docs/screens.md#push-notifications), while an e-mail
 * needs the whole address.
 */
export function pushPathOf(url: string): string {
  const { pathname, search, hash } = new URL(url);
  return `${pathname}${search}${hash}`;
}

/**
 * The time left before the deadline, as a message says it (docs/notifications.md#kinds): "in 26
 * minutes", "in about 2 hours", "in about 3 days"; minutes up to an hour, hours up to two days.
 */
export function timeLeftText(deadline: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((deadline.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? 'in about an hour' : `in about ${hours} hours`;
  return `in about ${Math.round(hours / 24)} days`;
}

/**
 * The words of each kind (docs/notifications.md#kinds). Times are the player's: Central time, as
 * every screen shows them (`formatDateTime`, docs/screens.md#times-and-toasts).
 */
export function composeMessage(f: MessageFacts): ComposedMessage {
  const week = weekTitle(f.weekNumber);
  const deadline = formatDateTime(f.pickDeadline);
  const picksUrl = `${f.publicUrl}/picks`;
  const left = timeLeftText(f.pickDeadline, f.now);
  switch (f.kind) {
    case 'picks_reminder': {
      return {
        subject: `Reminder: your ${week} picks for ${f.poolName} are due ${deadline}`,
        text: `Hi ${f.recipientName},\n\nYour picks for ${week} in ${f.poolName} are not saved yet. The picks deadline is ${deadline} (${left}).\n\nMake your picks: ${picksUrl}`,
        title: `${week} picks due ${left}`,
        body: `${f.poolName}: save your picks before ${deadline}.`,
        url: picksUrl,
      };
    }
    case 'nudge':
      return {
        subject: `Your commissioner reminds you: ${week} picks for ${f.poolName} are due ${deadline}`,
        text: `Hi ${f.recipientName},\n\nThe commissioner of ${f.poolName} reminds you that your picks for ${week} are not saved yet. The picks deadline is ${deadline} (${left}).\n\nMake your picks: ${picksUrl}`,
        title: `${week}: your commissioner is waiting for your picks`,
        body: `${f.poolName}: save your picks before ${deadline}.`,
        url: picksUrl,
      };
    case 'week_published':
      return {
        subject: `${week} is open for picks in ${f.poolName}`,
        text: `Hi ${f.recipientName},\n\n${week} has been published in ${f.poolName}. The picks deadline is ${deadline} (${left}).\n\nMake your picks: ${picksUrl}`,
        title: `${week} is open for picks`,
        body: `${f.poolName}: picks deadline ${deadline}.`,
        url: picksUrl,
      };
    case 'week_results': {
      const url = `${f.publicUrl}/live-leaderboard/${encodeURIComponent(f.poolId)}/${f.weekNumber}`;
      const score = f.result ? `${f.result.points} ${f.result.points === 1 ? 'point' : 'points'}, rank ${f.result.rank} of ${f.result.players}` : null;
      return {
        subject: score ? `${week} results in ${f.poolName}: ${score}` : `${week} results in ${f.poolName}`,
        text: `Hi ${f.recipientName},\n\n${week} is complete in ${f.poolName}.${score ? ` You scored ${score}.` : ''}\n\nSee the results: ${url}`,
        title: score ? `${week} results: ${score}` : `${week} results`,
        body: `${f.poolName}: ${week} is complete.`,
        url,
      };
    }
  }
}

/** The e-mail's footer: why they get it, and the unsubscribe link of this kind. */
export function emailFooter(kind: NotificationKind, unsubscribeUrl: string): string {
  return `\n\n--\nYou get this because ${NOTIFICATION_KIND_LABELS[kind]} e-mails are on in your PowerPool Profile.\nUnsubscribe from these e-mails: ${unsubscribeUrl}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The same text as a small HTML e-mail with short links: a line "Label: URL" becomes a link named
 * by its label (the long address stays in the plain text only); any other address is a link.
 */
export function emailHtml(text: string): string {
  const linked = escapeHtml(text).replace(/^([^\n:]+): (https?:\/\/[^\s<]+)$|https?:\/\/[^\s<]+/gm, (url, label?: string, labelled?: string) =>
    label && labelled ? `<a href="${labelled}">${label}</a>` : `<a href="${url}">${url}</a>`,
  );
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${linked
    .split('\n\n')
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
}
