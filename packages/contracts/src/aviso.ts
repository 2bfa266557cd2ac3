import { z } from 'zod';
import { idSchema } from './ids';

/**
 * The kinds of things a person is told about (issue 25, docs/decisions/041): each one is a
 * notification in the bell and, unless the person turned it off, an email. `esencial` kinds
 * (receipts, refunds, delivery codes, account matters) are always emailed. `push` says whether
 * the kind also goes to the person's devices (Web Push, docs/decisions/055) until they choose:
 * on for the moments that matter most, off for the rest; any kind can be turned on or off.
 */
export const TIPOS_DE_AVISO = {
  // Shopper.
  pedido_creado: {
    destinatario: 'comprador',
    esencial: false,
    push: false,
    nombre: 'Pedido creado',
  },
  pago_aprobado: {
    destinatario: 'comprador',
    esencial: true,
    push: false,
    nombre: 'Pago aprobado',
  },
  grupo_casi_completo: {
    destinatario: 'comprador',
    esencial: false,
    push: true,
    nombre: 'Grupo casi completo',
  },
  grupo_completo: {
    destinatario: 'comprador',
    esencial: true,
    push: true,
    nombre: 'Grupo completo',
  },
  grupo_por_vencer_comprador: {
    destinatario: 'comprador',
    esencial: false,
    push: true,
    nombre: 'Tu grupo vence pronto',
  },
  reembolso_enviado: {
    destinatario: 'comprador',
    esencial: true,
    push: true,
    nombre: 'Reembolso enviado',
  },
  pedido_entregado: {
    destinatario: 'comprador',
    esencial: false,
    push: false,
    nombre: 'Pedido entregado',
  },
  reserva_por_vencer: {
    destinatario: 'comprador',
    esencial: false,
    push: false,
    nombre: 'Reserva por vencer',
  },
  // Seller.
  tienda_aprobada: {
    destinatario: 'vendedor',
    esencial: true,
    push: false,
    nombre: 'Tienda aprobada',
  },
  tienda_rechazada: {
    destinatario: 'vendedor',
    esencial: true,
    push: false,
    nombre: 'Tienda rechazada',
  },
  grupo_completo_vendedor: {
    destinatario: 'vendedor',
    esencial: true,
    push: true,
    nombre: 'Grupo completo para preparar',
  },
  grupo_por_vencer: {
    destinatario: 'vendedor',
    esencial: false,
    push: false,
    nombre: 'Grupo por vencer',
  },
  reembolso_fallido: {
    destinatario: 'vendedor',
    esencial: true,
    push: false,
    nombre: 'Reembolso que no se pudo enviar',
  },
  mercadopago_desvinculado: {
    destinatario: 'vendedor',
    esencial: true,
    push: false,
    nombre: 'Mercado Pago desvinculado',
  },
} as const satisfies Record<
  string,
  { destinatario: 'comprador' | 'vendedor'; esencial: boolean; push: boolean; nombre: string }
>;

export type TipoDeAviso = keyof typeof TIPOS_DE_AVISO;
export const tipoDeAvisoSchema = z.enum(
  Object.keys(TIPOS_DE_AVISO) as [TipoDeAviso, ...TipoDeAviso[]],
);

/** Notifications are kept this long, then deleted. */
export const AVISOS_DIAS_RETENCION = 90;
/** Notifications per page of GET /api/aviso. */
export const AVISOS_POR_PAGINA = 20;

export const avisoSchema = z.object({
  _id: idSchema,
  tipo: tipoDeAvisoSchema,
  titulo: z.string(),
  cuerpo: z.string(),
  /** The app path that shows the event (for example /my-orders), or null. */
  enlace: z.string().nullable(),
  creadoEn: z.string(),
  leido: z.boolean(),
});
export type Aviso = z.infer<typeof avisoSchema>;

/** GET /api/aviso?antesDe=<id>: newest first; `siguiente` is the cursor of the next page. */
export const avisosPaginaSchema = z.object({
  avisos: z.array(avisoSchema),
  noLeidos: z.number().int().nonnegative(),
  siguiente: idSchema.nullable(),
});
export type AvisosPagina = z.infer<typeof avisosPaginaSchema>;

/** The private realtime event `avisoNuevo`: a new notification and the unread count after it. */
export const avisoNuevoSchema = z.object({
  aviso: avisoSchema,
  noLeidos: z.number().int().nonnegative(),
});

/** The private realtime event `avisosLeidos`: the user read some; the unread count now. */
export const avisosLeidosSchema = z.object({ noLeidos: z.number().int().nonnegative() });

/** GET /api/aviso query: the page after the notification `antesDe` (absent: the first). */
export const avisosQuerySchema = z.object({ antesDe: idSchema.optional() });

/** POST /api/aviso/{avisoId}/leido. */
export const avisoParamsSchema = z.object({ avisoId: idSchema });

/** POST /api/aviso/{avisoId}/leido and /api/aviso/leer-todos: the unread count after it. */
export const avisosLeidosResponseSchema = z.object({
  noLeidos: z.number().int().nonnegative(),
});
export type AvisosLeidosResponse = z.infer<typeof avisosLeidosResponseSchema>;

/** Email on or off per kind: an essential kind is always on, so it can only be true. */
const emailPorTipoSchema = z.partialRecord(tipoDeAvisoSchema, z.boolean()).meta({
  description: 'Si se envía el correo de cada tipo de aviso',
  example: { pedido_creado: false },
  // A map whose keys are the kinds, said the way OpenAPI 3.0 can: one property per kind; an
  // essential kind is always on, so it can only be true.
  properties: Object.fromEntries(
    tipoDeAvisoSchema.options.map((tipo) => [
      tipo,
      TIPOS_DE_AVISO[tipo].esencial ? { type: 'boolean', enum: [true] } : { type: 'boolean' },
    ]),
  ),
  additionalProperties: false,
});

/** Push to the person's devices on or off per kind (docs/decisions/055); none is essential. */
const pushPorTipoSchema = z.partialRecord(tipoDeAvisoSchema, z.boolean()).meta({
  description:
    'Si cada tipo de aviso llega también a los dispositivos de la persona (notificación del navegador)',
  example: { grupo_completo: true, pedido_creado: false },
  properties: Object.fromEntries(
    tipoDeAvisoSchema.options.map((tipo) => [tipo, { type: 'boolean' }]),
  ),
  additionalProperties: false,
});

/**
 * GET /api/aviso/preferencias: for every kind, whether it is emailed (true by default, essential
 * ones always true) and whether it is pushed to the person's devices (`TIPOS_DE_AVISO[tipo].push`
 * by default). docs/decisions/041 and 055.
 */
export const preferenciasDeAvisoSchema = z.object({
  email: emailPorTipoSchema,
  push: pushPorTipoSchema,
});
export type PreferenciasDeAviso = z.infer<typeof preferenciasDeAvisoSchema>;

/**
 * PUT /api/aviso/preferencias: the kinds to change, by email and by push; kinds not given stay
 * as they are. Turning off an essential kind's email is a 400 (docs/decisions/041).
 */
export const cambiosDePreferenciasDeAvisoSchema = z.object({
  email: emailPorTipoSchema.optional(),
  push: pushPorTipoSchema.optional(),
});
export type CambiosDePreferenciasDeAviso = z.infer<typeof cambiosDePreferenciasDeAvisoSchema>;
