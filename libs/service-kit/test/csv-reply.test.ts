import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@powerpool/contracts';
import { attachmentDisposition, sendCsv } from '../src/csv-reply.js';

const csv = endpoint({ method: 'GET', path: '/file.csv', service: 'picks-scoring', access: 'public', summary: 'test csv', produces: 'text/csv' });
const json = endpoint({ method: 'GET', path: '/json', service: 'picks-scoring', access: 'public', summary: 'test json', reply: z.object({ ok: z.boolean() }) });

describe('sendCsv', () => {
  it('should send the body as a UTF-8 CSV attachment that is not cached', async () => {
    const app = Fastify();
    app.get('/file.csv', (_req, reply) => sendCsv(reply, csv, { fileName: 'pool-week-1-leaderboard.csv', body: 'a,b\r\n1,2\r\n' }));
    const res = await app.inject({ method: 'GET', url: '/file.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pool-week-1-leaderboard.csv"; filename*=UTF-8''pool-week-1-leaderboard.csv`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('a,b\r\n1,2\r\n');
    await app.close();
  });

  it('should refuse an endpoint that does not produce text/csv', () => {
    expect(() => sendCsv({} as never, json, { fileName: 'x.csv', body: '' })).toThrow('GET /json does not produce text/csv');
  });
});

describe('attachmentDisposition', () => {
  it('should give an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('ωmega-pool-week-1.csv')).toBe(`attachment; filename="_mega-pool-week-1.csv"; filename*=UTF-8''%CF%89mega-pool-week-1.csv`);
    expect(attachmentDisposition(`a"b\\c/d'(e).csv`)).toBe(`attachment; filename="a_b_c_d'(e).csv"; filename*=UTF-8''a%22b%5Cc%2Fd%27%28e%29.csv`);
  });
});
