import { Agent } from 'undici';

/**
 * A small browser over real HTTP for tests that walk sign-in pages without Chromium: a cookie jar
 * (per path, one host), manual redirects and form posts, and a parser for the forms of a page.
 */
interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

export interface CookieSeen {
  name: string;
  path: string;
  expired: boolean;
}

export interface BrowserOptions {
  /**
   * Connect from this local address, e.g. `127.0.0.2` (on Linux all of 127.0.0.0/8 is loopback):
   * a server without a trusted proxy sees another client IP per address.
   */
  localAddress?: string;
}

/**
 * What a browser does for the HTML steps, over real HTTP: keeps cookies per path (one host),
 * follows nothing by itself, posts forms.
 */
export class Browser {
  private readonly jar = new Map<string, StoredCookie>();
  /** Every Set-Cookie seen, for assertions on scoping. */
  readonly seen: CookieSeen[] = [];
  private readonly agent: Agent | undefined;

  constructor(options: BrowserOptions = {}) {
    this.agent = options.localAddress ? new Agent({ localAddress: options.localAddress }) : undefined;
  }

  /** Closes the connections of a browser made with `localAddress` (the default one shares fetch's). */
  async close(): Promise<void> {
    await this.agent?.close();
  }

  async request(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const cookie = [...this.jar.values()]
      .filter((c) => pathMatches(target.pathname, c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(target, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
      // undici's own Agent; Node's fetch takes it (its bundled undici has the same dispatcher interface).
      ...(this.agent ? ({ dispatcher: this.agent } as object) : {}),
    });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  get(url: string | URL): Promise<Response> {
    return this.request(url);
  }

  post(url: string | URL, form: Record<string, string>): Promise<Response> {
    return this.request(url, { method: 'POST', form });
  }

  /** GETs `url` and follows redirects until a page is rendered or one leaves for `stopAt` (an origin or URL prefix). */
  async follow(url: string | URL, stopAt: string): Promise<{ res: Response; url: string }> {
    let current = new URL(url).href;
    let res = await this.get(current);
    for (let hops = 0; res.status >= 300 && res.status < 400; hops++) {
      if (hops > 10) throw new Error('too many redirects');
      const next = new URL(res.headers.get('location') ?? '', current).href;
      await res.body?.cancel();
      if (next.startsWith(stopAt)) return { res, url: next };
      current = next;
      res = await this.get(current);
    }
    return { res, url: current };
  }

  /** Like follow, for a response already in hand. */
  async continue(res: Response, from: string, stopAt: string): Promise<{ res: Response; url: string }> {
    if (res.status < 300 || res.status >= 400) return { res, url: from };
    const next = new URL(res.headers.get('location') ?? '', from).href;
    await res.body?.cancel();
    if (next.startsWith(stopAt)) return { res, url: next };
    return this.follow(next, stopAt);
  }

  cookieNames(): string[] {
    return [...this.jar.values()].map((c) => c.name);
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', val = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = val;
      if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
    }
    this.seen.push({ name, path, expired });
    const key = `${name}|${path}`;
    if (expired) this.jar.delete(key);
    else this.jar.set(key, { name, value, path });
  }
}

function decodeEntities(value: string): string {
  return value.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

export interface ParsedForm {
  action: string;
  method: string;
  /** name -> value of every input that has a value attribute. */
  fields: Record<string, string>;
  /** names of every input. */
  inputs: string[];
  buttons: string[];
}

/** The first form of a page (or the one with `id`), resolved against `pageUrl`. */
export function parseForm(html: string, pageUrl: string, id?: string): ParsedForm {
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map((m) => m[0]);
  const form = id ? forms.find((f) => attribute(f.slice(0, f.indexOf('>') + 1), 'id') === id) : forms[0];
  if (!form) throw new Error(`no form${id ? ` #${id}` : ''} in page:\n${html}`);
  const open = form.slice(0, form.indexOf('>') + 1);
  const fields: Record<string, string> = {};
  const inputs: string[] = [];
  for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, 'name');
    if (!name) continue;
    inputs.push(name);
    const value = attribute(input, 'value');
    if (value !== undefined) fields[name] = value;
  }
  const buttons = [...form.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/gi)].map((m) => m[1]!.trim());
  return {
    action: new URL(attribute(open, 'action') ?? '', pageUrl).href,
    method: (attribute(open, 'method') ?? 'get').toLowerCase(),
    fields,
    inputs,
    buttons,
  };
}
