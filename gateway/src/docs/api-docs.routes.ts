import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, endpointLabel, ERROR_STATUS, openApiPath, type Endpoint } from '@powerpool/contracts';
import { compressReplies } from '../plugins/compression.js';

export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/docs/openapi.json';

export interface ApiDocsOptions {
  endpoints: readonly Endpoint[];
  publicUrl: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const json = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2));
/** Escaped prose with its `code` spans as <code>. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The page's meta description (search results and link previews). */
const API_DOCS_DESCRIPTION = 'Every PowerPool HTTP endpoint by service: who may call it, its parameters, request body, replies and error codes.';

/**
 * The page's only styles, inline (the CSP allows inline styles, not scripts). Method badges are
 * white text, so each colour keeps at least 4.5:1 against white (WCAG 1.4.3): Tailwind's 700
 * shades for green and amber, whose 600 shades stay near 3.2:1. Wide tables and schemas scroll
 * inside their own box (.tw, pre) and long paths wrap, so a phone's page never scrolls sideways.
 * With no script to set a class, the page follows the device's scheme by CSS alone: in the dark
 * the SPA's dark background (#0f1320) with light text, cards and links that keep 4.5:1 on it
 * (docs/screens.md#theme); the badges stay as they are (white on their own colour).
 */
const API_DOCS_CSS = `body{font-family:system-ui,sans-serif;max-width:64rem;margin:0 auto;padding:1.5rem;color:#0f172a;background:#f8fafc}
h1{margin-bottom:.25rem}details{background:#fff;border:1px solid #e2e8f0;border-radius:8px;margin:.4rem 0;padding:.5rem .75rem}
summary{cursor:pointer;overflow-wrap:anywhere}.m{display:inline-block;min-width:4.2rem;font:600 .75rem ui-monospace,monospace;padding:.1rem .4rem;border-radius:4px;color:#fff;text-align:center}
.get{background:#2563eb}.post{background:#15803d}.put{background:#b45309}.patch{background:#9333ea}.delete{background:#dc2626}
.s{color:#475569}pre{background:#f1f5f9;padding:.5rem;border-radius:6px;overflow:auto;max-height:24rem;font-size:.8rem}
p,li{overflow-wrap:anywhere}.tw{max-width:100%;overflow-x:auto}
table{border-collapse:collapse}td,th{border:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;vertical-align:top}
@media (prefers-color-scheme:dark){body{color:#e2e8f0;background:#0f1320}details{background:#171d2e;border-color:#2b3350}
.s{color:#a3b0c2}pre{background:#0b0f1a}td,th{border-color:#2b3350}a{color:#93c5fd}a:visited{color:#c4b5fd}}`;

type Operation = {
  summary: string;
  description?: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

function operationHtml(e: Endpoint, op: Operation): string {
  const id = endpointLabel(e).replace(/[^A-Za-z0-9]+/g, '-');
  const who = e.access === 'public' ? 'Anyone (no sign-in needed)' : e.roles ? `Signed in: ${e.roles.join(', ')}` : 'Any signed-in user';
  const params = op.parameters.length
    ? `<h4>Parameters</h4><div class="tw"><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><pre>${json(p.schema)}</pre></td></tr>`,
        )
        .join('')}</table></div>`
    : '';
  const body = op.requestBody ? `<h4>Body (application/json)</h4><pre>${json(op.requestBody.content['application/json']?.schema)}</pre>` : '';
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const [media, content] = Object.entries(r.content ?? {})[0] ?? [];
      const schema = content && !String(status).match(/^[45]/) ? `<pre>${json(content.schema)}</pre>` : '';
      return `<li><b>${status}</b> ${escapeHtml(r.description)}${media ? ` <small>(${media})</small>` : ''}${schema}</li>`;
    })
    .join('');
  return `<details id="${id}"><summary><span class="m ${e.method.toLowerCase()}">${e.method}</span> <code>${escapeHtml(openApiPath(e.path))}</code> <span class="s">${escapeHtml(e.summary)}</span></summary>
<p><b>Who:</b> ${escapeHtml(who)}</p>${op.description ? `<p>${prose(op.description)}</p>` : ''}${params}${body}<h4>Replies</h4><ul>${responses}</ul></details>`;
}

/** The reference page: every endpoint by service, rendered on the server (no scripts, so the CSP holds). */
export function apiReferenceHtml(endpoints: readonly Endpoint[], doc: ReturnType<typeof buildOpenApiDocument>): string {
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const groups = new Map<string, Endpoint[]>();
  for (const e of endpoints) groups.set(e.tag ?? e.service, [...(groups.get(e.tag ?? e.service) ?? []), e]);
  const sections = [...groups]
    .map(
      ([group, list]) =>
        `<section><h2>${escapeHtml(group)}</h2>${list.map((e) => operationHtml(e, paths[openApiPath(e.path)]![e.method.toLowerCase()]!)).join('\n')}</section>`,
    )
    .join('\n');
  const codes = Object.entries(ERROR_STATUS)
    .map(([code, status]) => `<tr><td><code>${code}</code></td><td>${status}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PowerPool API reference</title>
<meta name="description" content="${escapeHtml(API_DOCS_DESCRIPTION)}">
<meta name="color-scheme" content="light dark">
<style>${API_DOCS_CSS}</style></head>
<body><main><h1>PowerPool API reference</h1>
<p>${prose(String((doc.info as { description?: string }).description ?? ''))}</p>
<p>Machine-readable: <a href="${OPENAPI_PATH}">OpenAPI 3.1 document</a>. ${endpoints.length} endpoints.</p>
${sections}
<section><h2>Error codes</h2><p>Every error reply is <code>{ "error": code, "message": text, "details"?: … }</code>; each code has one status.</p><div class="tw"><table><tr><th>code</th><th>status</th></tr>${codes}</table></div></section>
</main></body></html>`;
}

/**
 * `/api/docs` (reference page) and `/api/docs/openapi.json` (OpenAPI 3.1), generated from the
 * endpoint declarations the gateway routes. Registered only when enabled (off in production
 * unless API_DOCS=on). Both are compressed (compressReplies).
 */
export async function apiDocsRoutes(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  const doc = buildOpenApiDocument(options.endpoints, { serverUrl: options.publicUrl });
  const page = apiReferenceHtml(options.endpoints, doc);
  await compressReplies(app);
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(doc));
  app.get(API_DOCS_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page));
}
