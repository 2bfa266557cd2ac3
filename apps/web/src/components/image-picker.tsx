import { ImageIcon, ImageUpIcon, Loader2Icon, XIcon } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { descartarAviso, toast } from '@/components/ui/toast';
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_TOAST_ERROR,
  IMAGE_TOAST_PROCESADA,
  processImage,
  tamanioEnMb,
} from '@/lib/image-rule';
import { cn } from '@/lib/utils';

/** The words of each kind of picture: a product's image or a store's logo. */
const PALABRAS = {
  imagen: {
    nueva: 'Imagen nueva',
    badge: 'Nueva',
    actual: 'Imagen actual',
    ninguna: 'Sin imagen',
    quitar: 'Quitar la imagen elegida',
  },
  logo: {
    nueva: 'Nuevo logo',
    badge: 'Nuevo',
    actual: 'Logo actual',
    ninguna: 'Sin logo',
    quitar: 'Quitar el logo nuevo',
  },
} as const;

/** A preview of the chosen file, released when it changes or leaves. */
function useVistaPrevia(archivo: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!archivo || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const nueva = URL.createObjectURL(archivo);
    setUrl(nueva);
    return () => URL.revokeObjectURL(nueva);
  }, [archivo]);
  return url;
}

export interface ImagePickerProps {
  tipo: keyof typeof PALABRAS;
  /** The picker's visible title and the file input's name. */
  etiqueta: string;
  /** The picture there is now (edit forms): how it shows, or nothing. */
  actual?: ReactNode;
  archivo: File | null;
  onArchivo: (archivo: File | null) => void;
  onProcesando?: ((procesando: boolean) => void) | undefined;
  /** Says 'Imagen procesada' once the picture went through the image rule (the product wizard). */
  avisarProcesada?: boolean;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * The one image input (product image and store logo, in the wizards and the edit forms): the
 * current picture (or that there is none), the new one's preview with its name and size in MB,
 * and a drop zone that takes a click, the keyboard or a dropped file. Every file goes through
 * the image rule (lib/image-rule.ts) first; a failure says 'Error al procesar imagen' with the
 * rule's message and clears the input.
 */
export function ImagePicker({
  tipo,
  etiqueta,
  actual,
  archivo,
  onArchivo,
  onProcesando,
  avisarProcesada = false,
  error,
  inputRef,
}: ImagePickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const ayudaId = `${id}-ayuda`;
  const errorId = `${id}-error`;
  const avisoDeRechazo = `${id}-rechazo`;
  const input = useRef<HTMLInputElement | null>(null);
  const [procesando, setProcesando] = useState(false);
  const [arrastrando, setArrastrando] = useState(false);
  const vistaPrevia = useVistaPrevia(archivo);
  const palabras = PALABRAS[tipo];

  const procesar = async (elegido: File | undefined) => {
    if (!elegido || procesando) return;
    setProcesando(true);
    onProcesando?.(true);
    try {
      const procesado = await processImage(elegido);
      // A valid picture answers the refusal of the one before.
      descartarAviso(avisoDeRechazo);
      onArchivo(procesado);
      if (avisarProcesada) {
        toast({
          title: IMAGE_TOAST_PROCESADA,
          description: `${procesado.name} (${tamanioEnMb(procesado.size)})`,
        });
      }
    } catch (falla) {
      if (input.current) input.current.value = '';
      onArchivo(null);
      toast({
        clave: avisoDeRechazo,
        title: IMAGE_TOAST_ERROR,
        description: falla instanceof Error ? falla.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setProcesando(false);
      onProcesando?.(false);
    }
  };

  const quitar = () => {
    onArchivo(null);
    if (input.current) input.current.value = '';
  };

  const nueva = archivo !== null && vistaPrevia !== null;

  return (
    <div className="grid gap-3">
      <div className="flex items-stretch gap-3 sm:gap-4">
        <figure className="grid shrink-0 content-start justify-items-center gap-1.5">
          <div
            className={cn(
              'grid size-24 place-items-center overflow-hidden rounded-xl border bg-muted sm:size-28',
              archivo ? 'border-2 border-primary' : 'border-border/70',
            )}
          >
            {nueva ? (
              <img
                src={vistaPrevia}
                alt={`${palabras.nueva}: ${archivo.name}`}
                className="size-full object-cover"
              />
            ) : (
              (actual ?? <ImageIcon className="size-8 text-muted-foreground" aria-hidden />)
            )}
          </div>
          <figcaption>
            {archivo ? (
              <Badge variant="secondary">{palabras.badge}</Badge>
            ) : (
              <span className="text-muted-foreground text-xs">
                {actual ? palabras.actual : palabras.ninguna}
              </span>
            )}
          </figcaption>
        </figure>

        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setArrastrando(true);
          }}
          onDragLeave={() => setArrastrando(false)}
          onDrop={(event) => {
            event.preventDefault();
            setArrastrando(false);
            void procesar(event.dataTransfer.files[0]);
          }}
          className={cn(
            'group flex min-w-0 flex-1 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-3 py-4 text-center transition-colors duration-150 motion-reduce:transition-none',
            'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/45',
            arrastrando
              ? 'border-primary bg-secondary'
              : 'border-input bg-card hover:border-primary/50 hover:bg-accent/60',
            error && 'border-destructive',
            procesando && 'pointer-events-none opacity-70',
          )}
        >
          <input
            ref={(elemento) => {
              input.current = elemento;
              if (typeof inputRef === 'function') inputRef(elemento);
              else if (inputRef) inputRef.current = elemento;
            }}
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            aria-label={etiqueta}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${ayudaId}` : ayudaId}
            className="sr-only"
            disabled={procesando}
            onChange={(event) => void procesar(event.target.files?.[0])}
          />
          <span
            aria-hidden
            className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary transition-transform duration-200 group-hover:scale-105 motion-reduce:transform-none"
          >
            {procesando ? (
              <Loader2Icon className="size-5 animate-spin" />
            ) : (
              <ImageUpIcon className="size-5" />
            )}
          </span>
          <span aria-hidden className="font-semibold text-sm">
            {procesando ? 'Procesando imagen…' : etiqueta}
          </span>
          <span id={ayudaId} className="text-muted-foreground text-xs">
            Toca o arrastra una imagen aquí. JPG, PNG, GIF o WEBP; la optimizamos antes de subirla.
            {actual && !archivo ? ' Si no eliges otra, se mantiene la actual.' : ''}
          </span>
        </label>
      </div>

      {archivo && (
        <div className="flex min-w-0 items-center gap-2 text-sm" aria-live="polite">
          <p className="min-w-0 flex-1 truncate" data-slot={`archivo-${tipo}`}>
            <span className="font-medium">{archivo.name}</span>{' '}
            <span className="text-muted-foreground tabular-nums">
              (<span>{tamanioEnMb(archivo.size)}</span>)
            </span>
          </p>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            className="size-8"
            aria-label={palabras.quitar}
            onClick={quitar}
          >
            <XIcon aria-hidden />
          </Button>
        </div>
      )}
      {error && (
        <p id={errorId} className="font-medium text-destructive text-xs">
          {error}
        </p>
      )}
    </div>
  );
}
