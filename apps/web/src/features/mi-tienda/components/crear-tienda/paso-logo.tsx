import { ImageUpIcon, LoaderCircleIcon, RefreshCwIcon } from 'lucide-react';
import {
  type ChangeEvent,
  type DragEvent,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { toast } from '@/components/ui/toast';
import { ACCEPTED_IMAGE_TYPES, processImage } from '@/lib/image-rule';
import { cn } from '@/lib/utils';
import { TEXTOS } from './textos';

const formatoMb = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A file size in MB with two decimals (spec part 2, section 9). */
export function tamanioEnMb(bytes: number): string {
  return `${formatoMb.format(bytes / (1024 * 1024))} MB`;
}

/** A preview of the chosen logo, released when it changes or leaves. */
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

export interface PasoLogoProps {
  logo: File | null;
  onLogo: (logo: File | null) => void;
  procesando: boolean;
  onProcesando: (procesando: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The logo step (spec part 2, section 2): an image picker whose label says optional, although
 * the store needs a logo. The image goes through the image rule (fit 1920x1080, JPEG 0.8, .jpg)
 * before it is kept; a failure says 'Error al procesar imagen' and clears the input.
 */
export function PasoLogo({ logo, onLogo, procesando, onProcesando, inputRef }: PasoLogoProps) {
  const id = useId();
  const tituloId = `${id}-titulo`;
  const ayudaId = `${id}-ayuda`;
  const input = useRef<HTMLInputElement | null>(null);
  const vistaPrevia = useVistaPrevia(logo);
  const [arrastrando, setArrastrando] = useState(false);

  const procesar = async (archivo: File | undefined) => {
    if (!archivo || procesando) return;
    onProcesando(true);
    try {
      onLogo(await processImage(archivo));
    } catch (error) {
      if (input.current) input.current.value = '';
      onLogo(null);
      toast({
        title: TEXTOS.errorAlProcesarImagen,
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    } finally {
      onProcesando(false);
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

  return (
    <div className="grid gap-4">
      <label
        htmlFor={`${id}-input`}
        onDragOver={(event) => {
          event.preventDefault();
          setArrastrando(true);
        }}
        onDragLeave={() => setArrastrando(false)}
        onDrop={alSoltar}
        className={cn(
          'group relative flex cursor-pointer flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors duration-150 motion-reduce:transition-none',
          'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/45',
          arrastrando
            ? 'border-primary bg-secondary'
            : 'border-input bg-card hover:border-primary/50 hover:bg-accent/60',
          procesando && 'pointer-events-none opacity-70',
        )}
      >
        <input
          ref={(elemento) => {
            input.current = elemento;
            if (typeof inputRef === 'function') inputRef(elemento);
            else if (inputRef) inputRef.current = elemento;
          }}
          id={`${id}-input`}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-labelledby={tituloId}
          aria-describedby={ayudaId}
          className="sr-only"
          onChange={alElegir}
          disabled={procesando}
        />
        <span
          aria-hidden
          className="grid size-12 place-items-center rounded-xl bg-primary/10 text-primary transition-transform duration-200 group-hover:scale-105 motion-reduce:transform-none"
        >
          {procesando ? (
            <LoaderCircleIcon className="size-6 animate-spin" />
          ) : logo ? (
            <RefreshCwIcon className="size-6" />
          ) : (
            <ImageUpIcon className="size-6" />
          )}
        </span>
        <span id={tituloId} className="font-semibold text-base">
          {TEXTOS.logoOpcional}
        </span>
        <span id={ayudaId} className="text-muted-foreground text-sm">
          {procesando
            ? 'Procesando imagen…'
            : logo
              ? 'Toca para elegir otra imagen'
              : 'Toca para elegir una imagen o arrástrala aquí. JPG, PNG, GIF o WEBP.'}
        </span>
      </label>

      {logo && (
        <div
          aria-live="polite"
          className="flex items-center gap-3 rounded-xl border border-border/70 bg-card p-3 shadow-xs"
        >
          {vistaPrevia ? (
            <img
              src={vistaPrevia}
              alt="Vista previa del logo"
              className="size-14 shrink-0 rounded-lg border border-border/70 bg-muted object-cover"
            />
          ) : (
            <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-muted">
              <ImageUpIcon className="size-5 text-muted-foreground" aria-hidden />
            </span>
          )}
          <span className="grid min-w-0 gap-0.5">
            <span className="truncate font-medium text-sm">{logo.name}</span>
            <span className="text-muted-foreground text-xs tabular-nums">
              {tamanioEnMb(logo.size)}
            </span>
          </span>
        </div>
      )}
    </div>
  );
}
