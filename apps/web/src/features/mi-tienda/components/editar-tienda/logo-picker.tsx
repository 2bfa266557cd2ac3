import { ImageUpIcon, Loader2Icon, XIcon } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { TiendaLogo } from '@/components/tienda-logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ACCEPTED_IMAGE_TYPES, processImage } from '@/lib/image-rule';
import { cn } from '@/lib/utils';
import { formatTamanioArchivo } from '../../lib/tamanio-archivo';

/** A picture's address for the preview, freed when the picture changes or leaves. */
function useVistaPrevia(archivo: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!archivo) {
      setUrl(null);
      return;
    }
    const creada = URL.createObjectURL(archivo);
    setUrl(creada);
    return () => URL.revokeObjectURL(creada);
  }, [archivo]);
  return url;
}

/**
 * The store's logo in 'Editar Tienda': the current one, and a new one to upload. The chosen
 * file goes through the image rule first (lib/image-rule.ts); a failure says 'Error al procesar
 * imagen' and clears the input. The processed file's name and size (MB, two decimals) show.
 */
export function LogoPicker({
  nombreTienda,
  logoActual,
  archivo,
  onArchivo,
  onProcesando,
  error,
}: {
  nombreTienda: string;
  logoActual: string | null;
  archivo: File | null;
  onArchivo: (archivo: File | null) => void;
  onProcesando: (procesando: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const ayudaId = `${id}-ayuda`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [procesando, setProcesando] = useState(false);
  const vistaPrevia = useVistaPrevia(archivo);

  const elegir = async (event: ChangeEvent<HTMLInputElement>) => {
    const elegido = event.target.files?.[0];
    if (!elegido) return;
    setProcesando(true);
    onProcesando(true);
    try {
      onArchivo(await processImage(elegido));
    } catch (falla) {
      if (input.current) input.current.value = '';
      toast({
        title: 'Error al procesar imagen',
        description: falla instanceof Error ? falla.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setProcesando(false);
      onProcesando(false);
    }
  };

  const quitar = () => {
    onArchivo(null);
    if (input.current) input.current.value = '';
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">Logo de la tienda *</legend>
      <div className="flex flex-col gap-4 rounded-xl border border-border/80 bg-muted/30 p-4 sm:flex-row sm:items-center">
        <div className="flex items-center gap-4">
          <figure className="grid justify-items-center gap-1.5">
            <TiendaLogo
              loading="eager"
              src={logoActual}
              nombre={nombreTienda}
              className={cn(
                'size-20 rounded-2xl border border-border/70 text-2xl shadow-xs',
                vistaPrevia && 'opacity-50',
              )}
            />
            <figcaption className="text-muted-foreground text-xs">
              {logoActual ? 'Logo actual' : 'Sin logo'}
            </figcaption>
          </figure>
          {vistaPrevia && archivo && (
            <figure className="grid justify-items-center gap-1.5">
              <img
                src={vistaPrevia}
                alt={`Nuevo logo: ${archivo.name}`}
                className="size-20 rounded-2xl border-2 border-primary object-cover shadow-sm"
              />
              <figcaption>
                <Badge variant="secondary">Nuevo</Badge>
              </figcaption>
            </figure>
          )}
        </div>

        <div className="grid min-w-0 flex-1 gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="peer sr-only"
            disabled={procesando}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${ayudaId}` : ayudaId}
            onChange={(event) => void elegir(event)}
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex h-10 w-fit cursor-pointer items-center gap-2 rounded-lg border border-border bg-card px-4 font-medium text-sm shadow-xs transition-colors hover:bg-accent',
              'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/45 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
              error && 'border-destructive',
            )}
          >
            {procesando ? (
              <Loader2Icon className="size-4 animate-spin" aria-hidden />
            ) : (
              <ImageUpIcon className="size-4" aria-hidden />
            )}
            {procesando ? 'Procesando imagen…' : archivo ? 'Cambiar logo' : 'Subir nuevo logo'}
          </label>
          {archivo ? (
            <div className="flex min-w-0 items-center gap-2 text-sm">
              <p className="min-w-0 truncate" data-slot="archivo-logo">
                <span className="font-medium">{archivo.name}</span>{' '}
                <span className="text-muted-foreground">
                  ({formatTamanioArchivo(archivo.size)})
                </span>
              </p>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                className="size-8"
                aria-label="Quitar el logo nuevo"
                onClick={quitar}
              >
                <XIcon aria-hidden />
              </Button>
            </div>
          ) : null}
          <p id={ayudaId} className="text-muted-foreground text-xs">
            JPG, PNG, GIF o WEBP. La optimizamos antes de subirla.
            {logoActual ? ' Si no eliges otra, se mantiene la actual.' : ''}
          </p>
          {error && (
            <p id={errorId} className="font-medium text-destructive text-xs">
              {error}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
