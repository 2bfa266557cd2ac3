import { ChevronLeftIcon, ChevronRightIcon, type LucideIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useToastsDebajoDe } from '@/components/ui/toasts-debajo-de';
import { cn } from '@/lib/utils';
import type { Wizard } from './use-wizard';
import { WizardEncabezado } from './wizard-encabezado';

/** What a step shows above its field. */
export interface PasoVisible {
  /** The step's chip. */
  chip: string;
  titulo: string;
  ayuda: string;
  icono: LucideIcon;
}

/** Keys that act on the element itself rather than moving the wizard on. */
function enterPropio(elemento: HTMLElement): boolean {
  return (
    elemento instanceof HTMLButtonElement ||
    elemento instanceof HTMLAnchorElement ||
    elemento.getAttribute('role') === 'button' ||
    (elemento instanceof HTMLInputElement && elemento.type === 'file')
  );
}

export interface WizardPantallaProps {
  wizard: Pick<Wizard, 'paso' | 'setPaso' | 'enfocarCampo'>;
  open?: boolean;
  onOpenChange: (abrir: boolean) => void;
  /** The wizard's name ('Configurar Tienda', 'Cargar Producto'): the dialog's title. */
  titulo: string;
  /** What completing the steps does, for screen readers. */
  descripcion: string;
  /** The progress bar's accessible name. */
  etiquetaProgreso: string;
  pasos: readonly PasoVisible[];
  /** Siguiente, Enter, or the last step's button. */
  onAvanzar: () => void;
  /** Sending: the wizard cannot be closed and says it is busy. */
  ocupado: boolean;
  /** The fields and Anterior are locked (while sending, or once done). */
  bloqueado?: boolean;
  avanceDeshabilitado: boolean;
  /** The last step's button content ('Crear Tienda', 'Cargar Producto' and their states). */
  botonFinal: ReactNode;
  claseBotonFinal?: string | false;
  /** The current step's field. */
  children: ReactNode;
}

/**
 * A full-screen step-by-step wizard (spec part 2, sections 2 and 9): the sticky header (close,
 * title, 'Paso N de M', progress bar, percent, chips), the step's icon, heading and hint, its
 * field, and Anterior / Siguiente at the bottom. Enter moves on from any field of the step
 * (Shift+Enter makes a new line).
 */
export function WizardPantalla({
  wizard: { paso, setPaso, enfocarCampo },
  open = true,
  onOpenChange,
  titulo,
  descripcion,
  etiquetaProgreso,
  pasos,
  onAvanzar,
  ocupado,
  bloqueado = ocupado,
  avanceDeshabilitado,
  botonFinal,
  claseBotonFinal,
  children,
}: WizardPantallaProps) {
  const tituloId = useId();
  const [encabezado, setEncabezado] = useState<HTMLElement | null>(null);
  useToastsDebajoDe(open ? encabezado : null);
  const info = pasos[paso - 1] ?? pasos[0];
  if (!info) return null;
  const Icono = info.icono;

  const alPresionarTecla = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.defaultPrevented) return;
    if (event.nativeEvent.isComposing) return;
    const objetivo = event.target as HTMLElement;
    // Dialogs opened from a step (map, address details) are portals: their keys are theirs.
    if (!event.currentTarget.contains(objetivo) || enterPropio(objetivo)) return;
    event.preventDefault();
    onAvanzar();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          enfocarCampo();
        }}
        className={cn(
          'inset-0 top-0 left-0 flex h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden',
          'rounded-none border-0 bg-background p-0 shadow-none',
        )}
      >
        <WizardEncabezado
          ref={setEncabezado}
          titulo={titulo}
          descripcion={descripcion}
          etiquetaProgreso={etiquetaProgreso}
          pasos={pasos.map((cada) => cada.chip)}
          paso={paso}
          onCerrar={() => onOpenChange(false)}
          cerrarDeshabilitado={ocupado}
        />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onAvanzar();
          }}
          onKeyDown={alPresionarTecla}
          aria-busy={ocupado}
          className="flex min-h-0 flex-1 flex-col"
        >
          <div className="flex-1 overflow-y-auto">
            <section
              key={paso}
              aria-labelledby={tituloId}
              className="mx-auto w-full max-w-xl animate-rise-in px-4 py-6 sm:px-6 sm:py-10"
            >
              <div className="mb-6 flex items-start gap-3.5 sm:mb-8">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-lg shadow-primary/25 sm:size-12">
                  <Icono className="size-5 sm:size-6" aria-hidden />
                </span>
                <div className="grid min-w-0 gap-1">
                  <h2
                    id={tituloId}
                    className="text-balance font-bold text-xl tracking-tight sm:text-2xl"
                  >
                    {info.titulo}
                  </h2>
                  <p className="text-pretty text-muted-foreground text-sm sm:text-base">
                    {info.ayuda}
                  </p>
                </div>
              </div>
              <fieldset disabled={bloqueado} className="m-0 min-w-0 border-0 p-0">
                {children}
              </fieldset>
            </section>
          </div>

          <footer className="shrink-0 border-border/70 border-t bg-card/95 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur supports-[backdrop-filter]:bg-card/80">
            <div className="mx-auto flex w-full max-w-xl gap-3 px-4 sm:justify-between sm:px-6">
              <Button
                type="button"
                variant="outline"
                size="lg"
                className="flex-1 sm:flex-none"
                onClick={() => {
                  if (paso > 1 && !bloqueado) setPaso(paso - 1);
                }}
                disabled={paso === 1 || bloqueado}
              >
                <ChevronLeftIcon aria-hidden />
                Anterior
              </Button>
              <Button
                type="submit"
                size="lg"
                className={cn('flex-1 sm:min-w-44 sm:flex-none', claseBotonFinal)}
                disabled={avanceDeshabilitado}
              >
                {paso < pasos.length ? (
                  <>
                    Siguiente
                    <ChevronRightIcon aria-hidden />
                  </>
                ) : (
                  botonFinal
                )}
              </Button>
            </div>
          </footer>
        </form>
      </DialogContent>
    </Dialog>
  );
}
