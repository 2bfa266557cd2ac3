import { z } from 'zod';
import { type PasoDelWizard, valorRequerido } from '@/components/wizard/use-wizard';
import { CHECKOUT_TEXTOS } from './textos';

/**
 * What the steps collect. The package (step 4) is not typed: it is the cart's, computed from
 * the packages the sellers declared (lib/paquete.ts).
 */
export interface DatosCheckout {
  terminos: boolean;
  direccionId: string | null;
  /** The phone as typed; null until the user types (the saved one shows meanwhile). */
  telefono: string | null;
  telefonoConfirmado: string | null;
  /** The chosen shipping option of each store (tiendaId to option key). */
  elegidas: Record<string, string>;
}

export const DATOS_VACIOS: DatosCheckout = {
  terminos: false,
  direccionId: null,
  telefono: null,
  telefonoConfirmado: null,
  elegidas: {},
};

export interface PasoCheckout extends PasoDelWizard {
  /** The step's heading. */
  titulo: string;
  /** The title of the toast when the step's schema refuses it. */
  tituloDelProblema?: string;
}

/**
 * The six steps (spec part 1, sections 2 and 5): their heading and what each checks, with the
 * toast's title of its problem. The phone (compared with the saved one), the package (the
 * cart's, computed) and the shipping (offered by the server's quotes) are checked against what
 * the queries answered, by the wizard.
 */
export const PASOS: readonly PasoCheckout[] = [
  {
    titulo: 'Términos de la compra grupal',
    schema: z.object({ terminos: z.boolean().refine(Boolean, CHECKOUT_TEXTOS.aceptaTerminos) }),
    tituloDelProblema: CHECKOUT_TEXTOS.terminosRequeridos,
  },
  {
    titulo: 'Dirección de envío',
    schema: z.object({
      direccionId: valorRequerido<string>(CHECKOUT_TEXTOS.seleccionaDireccion),
    }),
    tituloDelProblema: CHECKOUT_TEXTOS.direccionRequerida,
  },
  { titulo: 'Teléfono de contacto', schema: z.object({}) },
  { titulo: 'Información del paquete', schema: z.object({}) },
  { titulo: 'Método de envío', schema: z.object({}) },
  { titulo: 'Confirma y paga', schema: z.object({}) },
];
