import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

describe('GET /api/soporte', () => {
  it('answers the configured phone and email, to anyone', async () => {
    const t = await createTestApp({
      SUPPORT_PHONE: '+54 11 4321-5678',
      SUPPORT_EMAIL: 'soporte@compragrupal.com.ar',
    });
    try {
      const res = await t.app.inject({ url: '/api/soporte' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        telefono: '+54 11 4321-5678',
        email: 'soporte@compragrupal.com.ar',
      });
    } finally {
      await t.close();
    }
  });

  it('answers null for what is not configured: no made-up number', async () => {
    const t = await createTestApp({ SUPPORT_PHONE: '', SUPPORT_EMAIL: '' });
    try {
      const res = await t.app.inject({ url: '/api/soporte' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ telefono: null, email: null });
    } finally {
      await t.close();
    }
  });
});
