import { ERROR_CODES, errorBodySchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/** Where the sandbox's pages live (registered under /api in app.ts). */
export const SANDBOX_PATH = '/api/sandbox/mercadopago';

export interface SandboxConsentSettings {
  clientId: string;
  /** The one redirect URI allowed (this app's callback): nothing else receives the browser. */
  redirectUri: string;
  /** A code for a seller who authorized, bound to the PKCE challenge. */
  issueCode(codeChallenge: string): string;
}

const PRINTABLE = /^[\x21-\x7e]{1,512}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const solicitudInvalida = () =>
  new AppError(
    400,
    ERROR_CODES.vinculacionInvalida,
    'La solicitud de autorización de prueba no es válida',
  );

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The sandbox's consent screen ('Modo de prueba'): Mercado Pago's authorization page as this
 * app serves it. GET shows Compra Grupal asking for permission, with 'Autorizar' and
 * 'Cancelar'; the form posts back here (no script, so the app's Content-Security-Policy holds
 * as it is), and the answer sends the browser to the redirect URI with a code, or with
 * `error=access_denied`. Only the configured client and redirect URI are accepted, so the page
 * is never an open redirect.
 */
export function createSandboxConsentRoutes(settings: SandboxConsentSettings): FastifyPluginAsync {
  const { clientId, redirectUri } = settings;

  const querySchema = z.object({
    client_id: z.literal(clientId).meta({ example: clientId }),
    response_type: z.literal('code').meta({ example: 'code' }),
    platform_id: z.literal('mp').optional().meta({ example: 'mp' }),
    state: z.string().regex(PRINTABLE).meta({ example: 'estado-de-ejemplo.firma' }),
    redirect_uri: z.literal(redirectUri).meta({ example: redirectUri }),
    code_challenge: z
      .string()
      .regex(CHALLENGE)
      .meta({ example: 'E9Melhoe2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' }),
    code_challenge_method: z.literal('S256').meta({ example: 'S256' }),
  });

  const formSchema = z.object({
    client_id: z.literal(clientId),
    redirect_uri: z.literal(redirectUri),
    state: z.string().regex(PRINTABLE),
    code_challenge: z.string().regex(CHALLENGE),
    decision: z.enum(['autorizar', 'cancelar']),
  });

  return async (scope) => {
    const sandbox = scope.withTypeProvider<ZodTypeProvider>();
    sandbox.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8192 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    sandbox.get(
      '/autorizar',
      {
        schema: {
          operationId: 'sandboxPantallaDeAutorizacion',
          responseDescriptions: { 200: 'La pantalla, en HTML' },
          tags: ['sandbox'],
          summary:
            "Mercado Pago de prueba: la pantalla donde el vendedor autoriza a Compra Grupal (HTML, 'Modo de prueba')",
          querystring: querySchema,
          // The screen in HTML; its errors in the shared JSON error shape.
          produces: ['text/html', 'application/json'],
          response: { 200: z.string().describe('La pantalla, en HTML'), 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const q = request.query;
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            consentPage({
              client_id: q.client_id,
              redirect_uri: q.redirect_uri,
              state: q.state,
              code_challenge: q.code_challenge,
            }),
          );
      },
    );

    sandbox.post(
      '/autorizar',
      {
        schema: {
          operationId: 'sandboxResponderAutorizacion',
          form: formSchema,
          redirects: {
            302: 'A la vuelta de la app (redirect_uri) con code y state, o con error=access_denied',
          },
          tags: ['sandbox'],
          summary:
            'Mercado Pago de prueba: la respuesta del vendedor (formulario: client_id, redirect_uri, state, code_challenge, decision autorizar|cancelar); redirige a la app',
          consumes: ['application/x-www-form-urlencoded'],
          response: { 400: errorBodySchema, 415: errorBodySchema },
        },
      },
      async (request, reply) => {
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          throw new AppError(
            415,
            ERROR_CODES.tipoDeContenidoNoSoportado,
            'Esta solicitud se envía como formulario (application/x-www-form-urlencoded)',
          );
        }
        const form = formSchema.safeParse(request.body);
        if (!form.success) throw solicitudInvalida();
        const target = new URL(redirectUri);
        if (form.data.decision === 'autorizar') {
          target.searchParams.set('code', settings.issueCode(form.data.code_challenge));
        } else {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set('error_description', 'El vendedor canceló la autorización');
        }
        target.searchParams.set('state', form.data.state);
        return reply.header('cache-control', 'no-store').redirect(target.href, 302);
      },
    );
  };
}

/** Mercado Pago's handshake, drawn simply (no outside resources). */
const LOGO = `<svg class="logo" viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false"><ellipse cx="24" cy="16" rx="23" ry="15" fill="#fff" stroke="#0a0f4d" stroke-width="2"/><path d="M9 17c4-1 6-5 10-5 3 0 4 2 6 2s4-2 7-2c4 0 6 4 8 5" fill="none" stroke="#0a0f4d" stroke-width="2.4" stroke-linecap="round"/><path d="M17 18l4 4m0-5l4 4m0-5l3 3" fill="none" stroke="#0a0f4d" stroke-width="2" stroke-linecap="round"/></svg>`;

const CHECK = `<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false"><circle cx="10" cy="10" r="10" fill="#e5f4fc"/><path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#0066b3" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

function consentPage(hidden: Record<string, string>): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const permiso = (texto: string) => `<li>${CHECK}<span>${texto}</span></li>`;
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Autorizar Compra Grupal · Mercado Pago (Modo de prueba)</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:"Proxima Nova",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#ededed;color:#333;line-height:1.45}
.barra{background:#00b1ea;border-bottom:4px solid #ffe600}
.barra-interna{max-width:960px;margin:0 auto;padding:10px 16px;display:flex;align-items:center;justify-content:space-between;gap:12px;flex-wrap:wrap}
.marca{display:flex;align-items:center;gap:10px;color:#0a0f4d;font-weight:700;font-size:1.15rem;letter-spacing:-.01em}
.insignia{background:#ffe600;color:#0a0f4d;border-radius:999px;padding:4px 12px;font-size:.85rem;font-weight:700;border:1px solid #0a0f4d}
main{max-width:520px;margin:32px auto;padding:0 16px}
.tarjeta{background:#fff;border-radius:8px;box-shadow:0 1px 2px rgba(0,0,0,.12);padding:28px 24px}
.app{display:flex;align-items:center;gap:14px;margin-bottom:18px}
.avatar{flex:none;width:52px;height:52px;border-radius:50%;background:#0a7d55;color:#fff;display:grid;place-items:center;font-weight:700;font-size:1.1rem}
h1{font-size:1.3rem;line-height:1.3;margin:0;color:#1a1a1a}
.sub{margin:0 0 12px;color:#555}
ul{list-style:none;margin:0 0 18px;padding:0}
li{display:flex;gap:10px;align-items:flex-start;padding:8px 0;border-top:1px solid #eee}
li:first-child{border-top:0}
li svg{flex:none;margin-top:2px}
.aviso{background:#fff8cc;border:1px solid #e6cf00;border-radius:6px;padding:10px 12px;font-size:.92rem;color:#3d3500;margin:0 0 22px}
.acciones{display:flex;flex-direction:column;gap:10px}
button{font:inherit;font-weight:600;font-size:1rem;border-radius:6px;padding:13px 20px;cursor:pointer;border:1px solid transparent;min-height:48px}
.primario{background:#0066b3;color:#fff}
.primario:hover{background:#00528f}
.secundario{background:#e5f4fc;color:#0066b3}
.secundario:hover{background:#d0ebfa}
button:focus-visible{outline:3px solid #0a0f4d;outline-offset:2px}
@media (min-width:600px){.acciones{flex-direction:row-reverse;justify-content:flex-start}.tarjeta{padding:32px}}
</style></head>
<body>
<header class="barra"><div class="barra-interna">
<div class="marca">${LOGO}<span>mercado pago</span></div>
<span class="insignia">Modo de prueba</span>
</div></header>
<main>
<section class="tarjeta" aria-labelledby="titulo">
<div class="app"><div class="avatar" aria-hidden="true">CG</div>
<h1 id="titulo">Compra Grupal quiere conectarse con tu cuenta de Mercado Pago</h1></div>
<p class="sub">Si autorizas, Compra Grupal podrá:</p>
<ul>
${permiso('Cobrar en tu cuenta las ventas de tu tienda')}
${permiso('Ver los pagos que recibas a través de Compra Grupal')}
${permiso('Devolver pagos cuando un grupo de compra se cancela')}
</ul>
<p class="aviso"><strong>Modo de prueba:</strong> esta pantalla simula a Mercado Pago. Se vincula una cuenta de prueba y no se mueve dinero real.</p>
<form method="post" action="${SANDBOX_PATH}/autorizar">${fields}
<div class="acciones">
<button type="submit" name="decision" value="autorizar" class="primario">Autorizar</button>
<button type="submit" name="decision" value="cancelar" class="secundario">Cancelar</button>
</div></form>
</section>
</main>
</body></html>`;
}
