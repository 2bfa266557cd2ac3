import { ImageIcon, ImageUpIcon, Loader2Icon, XIcon } from 'lucide-react';
import {
  type ChangeEvent,
  type DragEvent,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { FallbackImage } from '@/components/fallback-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ACCEPTED_IMAGE_TYPES, processImage } from '@/lib/image-rule';
import { cn } from '@/lib/utils';
import { tamanioEnMb } from '../lib/numeros';
import { TEXTOS } from '../lib/textos';

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

export interface ImagenProductoPickerProps {
  /** The field's name, read by screen readers with the picker. */
  etiqueta: string;
  /** The product's name, for the pictures' text. */
  nombreProducto: string;
  /** The picture the product has now (edit), or null. */
  imagenActual?: string | null;
  archivo: File | null;
  onArchivo: (archivo: File | null) => void;
  onProcesando?: (procesando: boolean) => void;
  /** Says 'Imagen procesada' once the picture went through the image rule (the wizard). */
  avisarProcesada?: boolean;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The product's picture: the current one (or that there is none), the new one's preview with
 * its name and size, and a picker that takes a click, the keyboard or a dropped file. Every
 * file goes through the image rule (fit 1920x1080, JPEG 0.8, .jpg) first; a failure says
 * 'Error al procesar imagen' and clears the input.
 */
export function ImagenProductoPicker({
  etiqueta,
  nombreProducto,
  imagenActual = null,
  archivo,
  onArchivo,
  onProcesando,
  avisarProcesada = false,
  error,
  inputRef,
}: ImagenProductoPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const ayudaId = `${id}-ayuda`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement | null>(null);
  const [procesando, setProcesando] = useState(false);
  const [arrastrando, setArrastrando] = useState(false);
  const vistaPrevia = useVistaPrevia(archivo);

  const procesar = async (elegido: File | undefined) => {
    if (!elegido || procesando) return;
    setProcesando(true);
    onProcesando?.(true);
    try {
      const procesado = await processImage(elegido);
      onArchivo(procesado);
      if (avisarProcesada) {
        toast({
          title: TEXTOS.imagenProcesada,
          description: `${procesado.name} (${tamanioEnMb(procesado.size)})`,
        });
      }
    } catch (falla) {
      if (input.current) input.current.value = '';
      onArchivo(null);
      toast({
        title: TEXTOS.errorAlProcesarImagen,
        description: falla instanceof Error ? falla.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setProcesando(false);
      onProcesando?.(false);
    }
  };

  const alElegir = (event: ChangeEvent<HTMLInputElement>) => {
    void procesar(event.target.files?.[0]);
  };

  const alSoltar = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setArrastrando(false);
    void procesar(event.dataTransfer.files[0]);
  };

  const quitar = () => {
    onArchivo(null);
    if (input.current) input.current.value = '';
  };

  const estado = archivo ? 'nueva' : imagenActual ? 'actual' : 'ninguna';

  return (
    <div className="grid gap-3">
      <div className="flex items-stretch gap-3 sm:gap-4">
        <figure className="grid shrink-0 content-start justify-items-center gap-1.5">
          <div
            className={cn(
              'grid size-24 place-items-center overflow-hidden rounded-xl border bg-muted sm:size-28',
              estado === 'nueva' ? 'border-2 border-primary' : 'border-border/70',
            )}
          >
            {estado === 'nueva' && vistaPrevia && archivo ? (
              <img
                src={vistaPrevia}
                alt={`Imagen nueva: ${archivo.name}`}
                className="size-full object-cover"
              />
            ) : (
              <FallbackImage
                src={estado === 'nueva' ? null : imagenActual}
                alt={`Imagen actual de ${nombreProducto || 'el producto'}`}
                loading="eager"
                className="size-full"
                fallback={<ImageIcon className="size-8 text-muted-foreground" aria-hidden />}
              />
            )}
          </div>
          <figcaption>
            {estado === 'nueva' ? (
              <Badge variant="secondary">Nueva</Badge>
            ) : (
              <span className="text-muted-foreground text-xs">
                {estado === 'actual' ? 'Imagen actual' : 'Sin imagen'}
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
          onDrop={alSoltar}
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
            onChange={alElegir}
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
            {procesando
              ? 'Procesando imagen…'
              : estado === 'ninguna'
                ? 'Elegir imagen'
                : 'Cambiar imagen'}
          </span>
          <span id={ayudaId} className="text-muted-foreground text-xs">
            JPG, PNG, GIF o WEBP. La optimizamos antes de subirla.
            {imagenActual && !archivo ? ' Si no eliges otra, se mantiene la actual.' : ''}
          </span>
        </label>
      </div>

      {archivo && (
        <div className="flex min-w-0 items-center gap-2 text-sm" aria-live="polite">
          <p className="min-w-0 flex-1 truncate" data-slot="archivo-imagen">
            <span className="font-medium">{archivo.name}</span>{' '}
            <span className="text-muted-foreground tabular-nums">
              ({tamanioEnMb(archivo.size)})
            </span>
          </p>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            className="size-8"
            aria-label="Quitar la imagen elegida"
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
