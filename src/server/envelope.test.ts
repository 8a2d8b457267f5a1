import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkJsonValue, errorResponse, MAX_JSON_DEPTH, readBody } from './envelope';

describe('the envelope', () => {
  it('answers an unexpected error as InternalError with the request id it logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = new Hono();
    app.get('/boom', () => {
      throw new Error('database on fire');
    });
    app.onError((error, c) => errorResponse(c, error));
    const answer = await app.request('/boom');
    const body = await answer.json();
    expect(answer.status).toBe(500);
    expect(body.data.error).toBe('InternalError');
    expect(body.data.requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(body.msg).toContain(body.data.requestId);
    expect(String(logged.mock.calls[0]?.[0])).toContain(body.data.requestId);
    expect(JSON.stringify(body)).not.toContain('on fire');
    logged.mockRestore();
  });

  it('answers a value PostgreSQL refuses (class 22) as 400, not 500', async () => {
    const app = new Hono();
    app.get('/nul', () => {
      throw Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    });
    app.onError((error, c) => errorResponse(c, error));
    expect((await app.request('/nul')).status).toBe(400);
  });

  it('refuses NUL in strings and keys and nesting past the limit, without recursion', async () => {
    expect(() => checkJsonValue({ a: ['ok', { b: 'x\0' }] })).toThrow(/NUL/);
    expect(() => checkJsonValue({ 'k\0': 1 })).toThrow(/NUL/);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => checkJsonValue(deep)).toThrow(/deeper than/);
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) fine = { a: fine };
    expect(() => checkJsonValue(fine)).not.toThrow();
    const app = new Hono();
    app.post('/', async (c) => c.json(await readBody(c, z.object({ name: z.string() }))));
    app.onError((error, c) => errorResponse(c, error));
    const answer = await app.request('/', { method: 'POST', body: '{"name": "a\\u0000b"}' });
    expect(answer.status).toBe(400);
  });
});
