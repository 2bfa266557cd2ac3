import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { descartarAviso, type ToastOptions, toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';

export interface UseWizardOptions<T extends FieldValues> {
  /** One zod object per step, in order: its keys are the fields the step validates. */
  pasos: readonly z.ZodObject[];
  /** The values of a fresh wizard (and of `reiniciar`). */
  valoresIniciales: T;
}

/**
 * A step-by-step form on react-hook-form (the store, product and checkout wizards): the values,
 * the current step (1-based), per-step validation with the step's own zod schema
 * (`trigger(stepFields)`), and the focus moved to the step's field as the steps go by. The
 * values live as long as the component that holds the hook: closing a wizard and opening it
 * again keeps what was typed.
 */
export function useWizard<T extends FieldValues>({ pasos, valoresIniciales }: UseWizardOptions<T>) {
  const [resolver] = useState(
    () =>
      zodResolver(
        z.object(Object.assign({}, ...pasos.map((schema) => schema.shape))),
      ) as unknown as Resolver<T>,
  );
  const form = useForm<T>({
    resolver,
    defaultValues: valoresIniciales as DefaultValues<T>,
  });
  const [paso, setPaso] = useState(1);
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

  /** Checks the current step's fields: the first problem's message, or null when it may go on. */
  const validarPaso = async (): Promise<string | null> => {
    const campos = Object.keys(pasos[paso - 1]?.shape ?? {}) as Path<T>[];
    if (campos.length === 0 || (await form.trigger(campos))) return null;
    for (const nombre of campos) {
      const mensaje = form.getFieldState(nombre).error?.message;
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
    const campos = Object.keys(pasos[pasoConAviso - 1]?.shape ?? {}) as Path<T>[];
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

  const iniciales = useRef(valoresIniciales);
  const { reset } = form;
  const reiniciar = useCallback(() => {
    reset(iniciales.current);
    setPaso(1);
  }, [reset]);

  return {
    form,
    valores: form.watch() as T,
    paso,
    setPaso,
    total: pasos.length,
    validarPaso,
    avisarProblema,
    problemaResuelto,
    registrarCampo,
    enfocarCampo,
    reiniciar,
  };
}

export type Wizard<T extends FieldValues = FieldValues> = ReturnType<typeof useWizard<T>>;

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
