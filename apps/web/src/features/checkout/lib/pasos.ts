import { paqueteSchema } from '@compra-grupal/contracts';
import { z } from 'zod';
import { type PasoDelWizard, valorRequerido } from '@/components/wizard/use-wizard';
import type { PaqueteTexto } from '../components/tipos';
import { CHECKOUT_TEXTOS } from './textos';

/** What the steps collect; the package as typed. */
export interface DatosCheckout {
  terminos: boolean;
  direccionId: string | null;
  /** The phone as typed; null until the user types (the saved one shows meanwhile). */
  telefono: string | null;
  telefonoConfirmado: string | null;
  paquete: PaqueteTexto;
  /** The chosen shipping option of each store (tiendaId to option key). */
  elegidas: Record<string, string>;
}

export const DATOS_VACIOS: DatosCheckout = {
  terminos: false,
  direccionId: null,
  telefono: null,
  telefonoConfirmado: null,
  paquete: { peso: '', largo: '', ancho: '', alto: '' },
  elegidas: {},
};

/** The package as typed, read with the contract's rule. */
export function leerPaquete(paquete: PaqueteTexto) {
  return paqueteSchema.safeParse({
    peso: Number(paquete.peso),
    largo: Number(paquete.largo),
    ancho: Number(paquete.ancho),
    alto: Number(paquete.alto),
  });
}

export interface PasoCheckout extends PasoDelWizard {
  /** The step's heading. */
  titulo: string;
  /** The title of the toast when the step's schema refuses it. */
  tituloDelProblema?: string;
}

/**
 * The six steps (spec part 1, sections 2 and 5): their heading and what each checks, with the
 * toast's title of its problem. The phone (compared with the saved one) and the shipping
 * (offered by the server's quotes) are checked against what the queries answered, by the wizard.
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
  {
    titulo: 'Información del paquete',
    schema: z.object({
      paquete: z.custom<PaqueteTexto>().superRefine((paquete, ctx) => {
        const vacio = Object.values(paquete).some((valor) => valor.trim() === '');
        const leido = leerPaquete(paquete);
        const message = vacio
          ? CHECKOUT_TEXTOS.completaPaquete
          : leido.success
            ? null
            : (leido.error.issues[0]?.message ?? CHECKOUT_TEXTOS.completaPaquete);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    }),
    tituloDelProblema: CHECKOUT_TEXTOS.informacionIncompleta,
  },
  { titulo: 'Método de envío', schema: z.object({}) },
  { titulo: 'Confirma y paga', schema: z.object({}) },
];
