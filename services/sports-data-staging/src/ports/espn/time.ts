/** ESPN timestamps have minute precision (`2025-09-05T00:20Z`); returns ISO UTC with seconds or null. */
export function parseEspnDate(value: string): string | null {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

const chicago = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/** The instant as ISO local time in America/Chicago with its offset: `2025-09-04T19:20:00-05:00`. */
export function toChicagoIso(utcIso: string): string {
  const parts = Object.fromEntries(chicago.formatToParts(new Date(utcIso)).map((p) => [p.type, p.value]));
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}
