import { toast as sonnerToast } from 'sonner';

export interface ToastOptions {
  title: string;
  description?: string;
  /** `destructive` shows the toast with error styling. */
  variant?: 'default' | 'destructive';
}

type ToastId = string | number;

let currentId: ToastId | undefined;

/**
 * The one toast API of the app. Only one toast shows at a time (spec part 1, section 2):
 * a new toast replaces the one on screen.
 */
export function toast({ title, description, variant = 'default' }: ToastOptions): ToastId {
  const previous = currentId;
  const id =
    variant === 'destructive'
      ? sonnerToast.error(title, { description, richColors: true })
      : sonnerToast(title, { description });
  currentId = id;
  if (previous !== undefined) {
    // Sonner adds a toast on a zero timeout and applies a dismissal on the next frame; waiting
    // one timeout makes sure the previous toast is on screen before it is dismissed, even when
    // both toasts were raised in the same tick.
    setTimeout(() => sonnerToast.dismiss(previous), 0);
  }
  return id;
}

/** Closes the toast on screen, if any. */
export function dismissToasts(): void {
  currentId = undefined;
  sonnerToast.dismiss();
}
