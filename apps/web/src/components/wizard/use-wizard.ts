import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { descartarAviso, type ToastOptions, toast } from '@/components/ui/toast';
import { ApiError, endedTheSession } from '@/lib/api-client';

/** What the frame needs of a step: the zod object whose keys are the fields it validates. */
export interface PasoDelWizard {
  schema: z.ZodObject;
}

export interface UseWizardOptions<T extends FieldValues, P extends PasoDelWizard> {
  /** The steps, in order (the feature's own description of each, with its schema). */
  pasos: readonly P[];
  /** The values of a fresh wizard (and of `reiniciar`). */
  valoresIniciales: T;
  /** The title of the toast of a step's problem, from its message and the step. */
  tituloDelProblema: (mensaje: string, paso: number) => string;
  /** The toast's text when the step's schema gives no message. */
  mensajePorDefecto?: string;
  /** A refused step puts the focus back on its field (the full-screen wizards). */
  enfocarAlFallar?: boolean;
}

/** Where the last step's sending is: the wizard is locked while it runs and once it is done. */
export type EnvioDelWizard = 'editando' | 'enviando' | 'enviado';

/** When the server refuses what was sent: the toast and the step of each refused field. */
export interface TextosDeRechazo {
  titulo: string;
  porDefecto: string;
  pasoDelCampo: Record<string, number>;
}

/**
 * The one frame of the step-by-step forms (the store, product and checkout wizards) on
 * react-hook-form: the values, the current step (1-based) and its description, per-step
 * validation with the step's own zod schema (`trigger(stepFields)`), the way on (`avanzar`:
 * checks, the step's toast, the next step or the end), the last step's sending (`enviar`:
 * once, locked meanwhile, a refusal sends the user back to the refused field's step), and the
 * focus moved to the step's field as the steps go by. The values live as long as the component
 * that holds the hook: closing a wizard and opening it again keeps what was typed.
 */
export function useWizard<T extends FieldValues, P extends PasoDelWizard>({
  pasos,
  valoresIniciales,
  tituloDelProblema,
  mensajePorDefecto = '',
  enfocarAlFallar = false,
}: UseWizardOptions<T, P>) {
  const [resolver] = useState(
    () =>
      zodResolver(
        z.object(Object.assign({}, ...pasos.map(({ schema }) => schema.shape))),
      ) as unknown as Resolver<T>,
  );
  const form = useForm<T>({
    resolver,
    defaultValues: valoresIniciales as DefaultValues<T>,
  });
  const [paso, setPaso] = useState(1);
  const pasoActual = pasos[paso - 1] ?? pasos[0];
  if (!pasoActual) throw new Error('Un asistente necesita al menos un paso');
  const campo = useRef<HTMLElement | null>(null);

  /** Takes the step's field (or heading): what gets the focus when the step shows. */
  const registrarCampo = useCallback((elemento: HTMLElement | null) => {
    campo.current = elemento;
  }, []);
  const enfocarCampo = useCallback(() => {
    campo.current?.focus();
  }, []);

  // Each step puts the focus on its field.
  const pasoEnfocado = useRef(paso);
  useEffect(() => {
    if (pasoEnfocado.current === paso) return;
    pasoEnfocado.current = paso;
    enfocarCampo();
  }, [paso, enfocarCampo]);

  /** Sets one value (a step's field). */
  const actualizar = <K extends Path<T>>(clave: K, valor: PathValue<T, K>) =>
    form.setValue(clave, valor);

  /** Checks the current step's fields: the first problem's message, or null when it may go on. */
  const validarPaso = async (): Promise<string | null> => {
    const campos = Object.keys(pasos[paso - 1]?.schema.shape ?? {}) as Path<T>[];
    if (campos.length === 0 || (await form.trigger(campos))) return null;
    for (const nombre of campos) {
      const mensaje = primerMensaje(form.getFieldState(nombre).error);
      if (mensaje) return mensaje;
    }
    return '';
  };

  // The step whose validation toast is on screen: the toast goes once the step's fields are
  // valid again, when the step is left, or when the wizard goes away.
  const idDelWizard = useId();
  const claveDelPaso = useCallback((n: number) => `${idDelWizard}-paso-${n}`, [idDelWizard]);
  const [pasoConAviso, setPasoConAviso] = useState<number | null>(null);
  /** Shows the current step's problem as a toast that lasts only as long as the problem. */
  const avisarProblema = (aviso: ToastOptions) => {
    toast({ ...aviso, clave: claveDelPaso(paso) });
    setPasoConAviso(paso);
  };
  useEffect(() => {
    if (pasoConAviso === null) return;
    const clave = claveDelPaso(pasoConAviso);
    if (pasoConAviso !== paso) {
      descartarAviso(clave);
      setPasoConAviso(null);
      return;
    }
    const campos = Object.keys(pasos[pasoConAviso - 1]?.schema.shape ?? {}) as Path<T>[];
    if (campos.length === 0) return;
    let vigente = true;
    const { unsubscribe } = form.watch(() => {
      void form.trigger(campos).then((valido) => {
        if (!valido || !vigente) return;
        descartarAviso(clave);
        setPasoConAviso(null);
      });
    });
    return () => {
      vigente = false;
      unsubscribe();
    };
  }, [pasoConAviso, paso, pasos, form, claveDelPaso]);
  /**
   * The current step's problem is gone by what the step's schema cannot see (an answer of the
   * server, a value compared with a saved one): its toast goes.
   */
  const problemaResuelto = useCallback(() => {
    if (pasoConAviso === null) return;
    descartarAviso(claveDelPaso(pasoConAviso));
    setPasoConAviso(null);
  }, [pasoConAviso, claveDelPaso]);
  const pasoConAvisoAlDesmontar = useRef(pasoConAviso);
  pasoConAvisoAlDesmontar.current = pasoConAviso;
  useEffect(
    () => () => {
      const abierto = pasoConAvisoAlDesmontar.current;
      if (abierto !== null) descartarAviso(claveDelPaso(abierto));
    },
    [claveDelPaso],
  );

  const [envio, setEnvio] = useState<EnvioDelWizard>('editando');
  // The lock itself: a second press in the same tick must not send twice.
  const enviando = useRef(false);

  /**
   * Siguiente, Enter or the last step's button (nothing while sending or once sent): first what
   * the step's schema cannot see (`antes`, a toast or null), then the schema; a problem shows
   * as the step's toast, else the wizard moves on, or `terminar` runs on the last step.
   */
  const avanzar = async ({
    terminar,
    antes,
  }: {
    terminar: () => void;
    antes?: () => ToastOptions | null;
  }) => {
    if (enviando.current) return;
    const previo = antes?.() ?? null;
    if (previo) {
      avisarProblema(previo);
      return;
    }
    const problema = await validarPaso();
    if (problema !== null) {
      const description = problema || mensajePorDefecto;
      avisarProblema({
        title: tituloDelProblema(description, paso),
        description,
        variant: 'destructive',
      });
      if (enfocarAlFallar) enfocarCampo();
      return;
    }
    if (paso < pasos.length) setPaso(paso + 1);
    else terminar();
  };

  /**
   * Sends what the steps collected, once: `envio` is 'enviando' while `enviarDatos` runs and
   * 'enviado' after it (until `reiniciar`). When it fails the wizard can be used again: a
   * session that ended already said so; otherwise the toast says why and the wizard goes back
   * to the step of the refused field. The answer, or undefined when it failed or was running.
   */
  const enviar = async <R>(
    enviarDatos: () => Promise<R>,
    rechazo: TextosDeRechazo,
  ): Promise<R | undefined> => {
    if (enviando.current) return undefined;
    enviando.current = true;
    setEnvio('enviando');
    try {
      const respuesta = await enviarDatos();
      setEnvio('enviado');
      return respuesta;
    } catch (error) {
      enviando.current = false;
      setEnvio('editando');
      // A session that ended already said 'Sesión expirada'.
      if (endedTheSession(error)) return undefined;
      const { aviso, paso: pasoRechazado } = rechazoDelServidor(error, rechazo);
      toast(aviso);
      if (pasoRechazado !== undefined) setPaso(pasoRechazado);
      return undefined;
    }
  };

  const iniciales = useRef(valoresIniciales);
  const { reset } = form;
  const reiniciar = useCallback(() => {
    reset(iniciales.current);
    setPaso(1);
    enviando.current = false;
    setEnvio('editando');
  }, [reset]);

  return {
    form,
    valores: form.watch() as T,
    actualizar,
    paso,
    setPaso,
    pasoActual,
    total: pasos.length,
    validarPaso,
    avanzar,
    envio,
    enviar,
    avisarProblema,
    problemaResuelto,
    registrarCampo,
    enfocarCampo,
    reiniciar,
  };
}

export type Wizard<
  T extends FieldValues = FieldValues,
  P extends PasoDelWizard = PasoDelWizard,
> = ReturnType<typeof useWizard<T, P>>;

/**
 * The message of a field's error, or of the first of its parts that has one (a step's field may
 * be an object, such as the store's 'Entrega en grupo' prices).
 */
function primerMensaje(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [clave, parte] of Object.entries(error)) {
    if (clave === 'ref' || clave === 'types') continue;
    const mensaje = primerMensaje(parte);
    if (mensaje) return mensaje;
  }
  return undefined;
}

/** A required text: something besides spaces. */
export function textoRequerido(mensaje: string) {
  return z.string().refine((valor) => valor.trim() !== '', mensaje);
}

/** A required choice (an id, an address, a file): anything but null. */
export function valorRequerido<V>(mensaje: string) {
  return z.custom<V | null>().refine((valor) => valor !== null, mensaje);
}

/**
 * When the server refuses what the last step sent: the toast (a refusal, 4xx, says why in its
 * own words; anything else, the wizard's text) and the step holding the refused field
 * (`detalles[].campo`, or the error's code), to go back to.
 */
export function rechazoDelServidor(
  error: unknown,
  textos: { titulo: string; porDefecto: string; pasoDelCampo: Record<string, number> },
): { aviso: ToastOptions; paso: number | undefined } {
  let description = textos.porDefecto;
  let paso: number | undefined;
  if (error instanceof ApiError) {
    if (error.status >= 400 && error.status < 500) {
      description = error.detalles[0]?.mensaje ?? error.serverMessage ?? description;
    }
    const campo = error.detalles[0]?.campo.split('.')[0];
    paso =
      (campo ? textos.pasoDelCampo[campo] : undefined) ?? textos.pasoDelCampo[error.code ?? ''];
  }
  return { aviso: { title: textos.titulo, description, variant: 'destructive' }, paso };
}
