import type { TipoDeAviso } from '@compra-grupal/contracts';
import type { ReactElement } from 'react';
import type { z } from 'zod';

/** What every template is given besides its own data. */
export interface ContextoDeCorreo {
  /** PUBLIC_URL without a trailing slash: links are `${urlPublica}/path`. */
  urlPublica: string;
  /** The link that turns this kind of email off, for what is not essential; else null. */
  urlDeBaja: string | null;
}

/**
 * One email (docs/decisions/039): its data's schema (checked when it is enqueued and again when
 * it is rendered), its subject, and its body as a React Email component; the text version is
 * derived from the same body. `tipoDeAviso` ties it to a kind of the notification center: a
 * kind that is not essential can be turned off, and then nothing is sent.
 */
export interface PlantillaDeCorreo<S extends z.ZodType = z.ZodType> {
  esquema: S;
  asunto(datos: z.output<S>): string;
  Cuerpo(props: { datos: z.output<S>; contexto: ContextoDeCorreo }): ReactElement;
  tipoDeAviso?: TipoDeAviso;
  /**
   * The data as it may go to an address its account has not verified (docs/decisions/050):
   * without any text the account's own person typed (their name, their store's and products'
   * names), so a sign-up with someone else's address cannot mail them words of its choosing;
   * null sends nothing then (the bell still has the notice).
   */
  sinVerificar(datos: z.output<S>): z.output<S> | null;
}

export const definirPlantilla = <S extends z.ZodType>(plantilla: PlantillaDeCorreo<S>) => plantilla;
