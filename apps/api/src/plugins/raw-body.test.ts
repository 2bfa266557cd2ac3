import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { keepRawJsonBody } from './raw-body';

describe('keepRawJsonBody', () => {
  async function appWithWebhook() {
    const app = Fastify();
    await app.register(async (webhooks) => {
      keepRawJsonBody(webhooks);
      webhooks.post('/webhook', async (request) => ({
        raw: request.rawBody?.toString('utf8'),
        body: request.body,
      }));
    });
    app.post('/other', async (request) => ({ raw: request.rawBody ?? null, body: request.body }));
    return app;
  }

  it('keeps the exact bytes beside the parsed body, only in its scope', async () => {
    const app = await appWithWebhook();
    // Spacing and key order are part of what a signature covers.
    const sent = '{"data": {"id":"123"},  "type":"payment"}';
    const hook = await app.inject({
      method: 'POST',
      url: '/webhook',
      headers: { 'content-type': 'application/json' },
      payload: sent,
    });
    expect(hook.json()).toEqual({ raw: sent, body: { data: { id: '123' }, type: 'payment' } });

    const other = await app.inject({
      method: 'POST',
      url: '/other',
      headers: { 'content-type': 'application/json' },
      payload: sent,
    });
    expect(other.json()).toEqual({ raw: null, body: { data: { id: '123' }, type: 'payment' } });
    await app.close();
  });

  it('refuses malformed JSON and prototype poisoning like the default parser', async () => {
    const app = await appWithWebhook();
    for (const payload of ['{"data":', '{"__proto__":{"admin":true}}']) {
      const res = await app.inject({
        method: 'POST',
        url: '/webhook',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    await app.close();
  });
});
