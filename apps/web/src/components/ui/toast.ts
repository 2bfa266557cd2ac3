import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@/config/ui';

export interface ToastOptions {
  title: string;
  description?: string;
  /** `destructive` shows the toast with error styling. */
  variant?: 'default' | 'destructive';
  /**
   * What the toast is about (a wizard step's field, a picked image): `descartarAviso(clave)`
   * closes it once its cause is gone.
   */
  clave?: string;
}

type ToastId = string | number;
type Sonner = typeof import('sonner');

/*
 * Sonner is loaded with the first toast, not with the first page (decision 009): `toast()`
 * asks the root <ToasterHost> to mount the toaster, waits until it listens, then shows.
 */
let sonner: Promise<Sonner> | undefined;
let loadedSonner: Sonner | undefined;
const loadSonner = () => {
  sonner ??= import('sonner').then((module) => {
    loadedSonner = module;
    return module;
  });
  return sonner;
};

let requested = false;
const requestListeners = new Set<() => void>();
let mountedToasters = 0;
let waitingForToaster: (() => void)[] = [];
const toasterListening = () =>
  mountedToasters > 0
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        waitingForToaster.push(resolve);
      });

function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of requestListeners) listener();
}

/** Whether a toast was ever asked for: the host mounts the toaster from then on. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      requestListeners.add(listener);
      return () => requestListeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}

/** Called by the toaster once it listens for toasts; the returned function on unmount. */
export function toasterMounted(): () => void {
  mountedToasters++;
  const waiting = waitingForToaster;
  waitingForToaster = [];
  for (const resolve of waiting) resolve();
  return () => {
    mountedToasters--;
  };
}

let currentId: ToastId | undefined;
let currentKey = '';
let currentClave: string | undefined;
/** Bumped by descartarAviso(clave): toasts with that clave still waiting their turn are dropped. */
const descartes = new Map<string, number>();
/** Bumped by dismissToasts(): toasts still waiting their turn are dropped. */
let generation = 0;
let shownAt = 0;
let queue: Promise<unknown> = Promise.resolve();

/** Holds of retenerAvisos(); toasts wait their turn while any is on. */
let retenciones = 0;
let alLiberar: (() => void)[] = [];
const sinRetencion = () =>
  retenciones === 0
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        alLiberar.push(resolve);
      });

/**
 * While something covers the place toasts sit in (the side panel on a phone fills the height of
 * the screen), the toast on screen goes and new ones wait until the returned function is called.
 */
export function retenerAvisos(): () => void {
  retenciones++;
  if (currentId !== undefined) {
    const id = currentId;
    currentId = undefined;
    currentKey = '';
    currentClave = undefined;
    loadedSonner?.toast.dismiss(id);
  }
  let liberado = false;
  return () => {
    if (liberado) return;
    liberado = true;
    retenciones--;
    if (retenciones > 0) return;
    const esperando = alLiberar;
    alLiberar = [];
    for (const resolve of esperando) resolve();
  };
}

// A toast that replaces another waits until the other has been readable for a moment: after a
// login, '¡Bienvenido!' is not wiped out in the same instant by an error of the next screen.
const MIN_VISIBLE_MS = 700;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one toast API of the app. Only one toast shows at a time (spec part 1, section 2):
 * a new toast replaces the one on screen. Toasts keep the order they were raised in.
 */
export function toast({ title, description, variant = 'default', clave }: ToastOptions): void {
  requestToaster();
  const raisedIn = generation;
  const descartadaEn = clave === undefined ? 0 : (descartes.get(clave) ?? 0);
  const vigente = () =>
    raisedIn === generation &&
    (clave === undefined || (descartes.get(clave) ?? 0) === descartadaEn);
  queue = queue
    .then(() => Promise.all([loadSonner(), toasterListening(), sinRetencion()]))
    .then(async ([{ toast: sonnerToast }]) => {
      if (!vigente()) return;
      const key = `${variant}|${title}|${description ?? ''}`;
      // The same message again while it is still on screen: leave it there.
      if (
        currentId !== undefined &&
        key === currentKey &&
        Date.now() - shownAt < TOAST_DURATION_MS
      ) {
        return;
      }
      if (currentId !== undefined) await wait(shownAt + MIN_VISIBLE_MS - Date.now());
      await sinRetencion();
      if (!vigente()) return;
      const previous = currentId;
      currentKey = key;
      currentClave = clave;
      shownAt = Date.now();
      currentId =
        variant === 'destructive'
          ? sonnerToast.error(title, { description, richColors: true })
          : sonnerToast(title, { description });
      if (previous !== undefined) {
        // Sonner adds a toast on a zero timeout and applies a dismissal on the next frame;
        // waiting one timeout makes sure the previous toast is on screen before it is
        // dismissed, even when both toasts were raised in the same tick.
        setTimeout(() => sonnerToast.dismiss(previous), 0);
      }
    })
    .catch((error: unknown) => console.error('No se pudo mostrar el aviso', error));
}

/** Closes the toast on screen, if any, and drops those waiting their turn. */
export function dismissToasts(): void {
  generation++;
  currentId = undefined;
  currentKey = '';
  currentClave = undefined;
  loadedSonner?.toast.dismiss();
}

/**
 * The cause of the toasts raised with `clave` is gone (the field was fixed, the step left):
 * closes the one on screen if it is theirs and drops those waiting their turn. Others stay.
 */
export function descartarAviso(clave: string): void {
  descartes.set(clave, (descartes.get(clave) ?? 0) + 1);
  if (currentId === undefined || currentClave !== clave) return;
  const id = currentId;
  currentId = undefined;
  currentKey = '';
  currentClave = undefined;
  loadedSonner?.toast.dismiss(id);
}
