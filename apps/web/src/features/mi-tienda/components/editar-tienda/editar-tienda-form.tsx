import { editarTiendaCamposSchema, type TiendaDelVendedor } from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import { type ComponentProps, cloneElement, type ReactElement, useId, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ImagePicker } from '@/components/image-picker';
import { TiendaLogo } from '@/components/tienda-logo';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { mensajeDeEdicionFallida, useEditarTienda } from '../../api/editar-tienda';
import { entregaEnGrupoEscrita, entregaEnGrupoEscritaSchema } from '../../lib/entrega-en-grupo';
import { EntregaEnGrupoCampos } from '../entrega-en-grupo-campos';

/** The contract's fields, with 'Entrega en grupo' as its inputs hold it (read on sending). */
const formularioSchema = editarTiendaCamposSchema
  .omit({ entregaEnGrupo: true })
  .extend({ entregaEnGrupo: entregaEnGrupoEscritaSchema });

type Entrada = z.input<typeof formularioSchema>;
type Salida = z.output<typeof formularioSchema>;

const CAMPOS: readonly Path<Entrada>[] = [
  'nombre',
  'descripcion',
  'telefono',
  'email',
  'razonSocial',
  'entregaEnGrupo.base',
  'entregaEnGrupo.porKm',
  'entregaEnGrupo.minimo',
];

const LOGO_REQUERIDO = { title: 'Logo requerido', description: 'Por favor selecciona un logo' };

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A labelled field with its inline error; `*` marks the required ones. */
function Campo({
  label,
  requerido = false,
  error,
  className,
  children,
}: {
  label: string;
  requerido?: boolean;
  error?: string | undefined;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {requerido && (
          <span aria-hidden className="text-destructive">
            *
          </span>
        )}
      </Label>
      {cloneElement(children, {
        id,
        'aria-required': requerido || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="font-medium text-destructive text-xs">
          {error}
        </p>
      )}
    </div>
  );
}

function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs md:text-sm',
        'placeholder:text-muted-foreground/80 outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30',
        'aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

/**
 * 'Editar Tienda' (spec part 2, sections 2 and 5): name*, description, phone* (tel), email*
 * (email), legal name*, the current logo and a new one. The fields are checked with the
 * contract's schema (its messages are the spec's); a logo is required when the store has none.
 * Below them, 'Entrega en grupo' (issue 36, not in the spec): the store's settings, sent as JSON.
 * 'Actualizar Tienda' sends the multipart form once at a time; success says 'Tienda
 * actualizada correctamente' and closes, a failure the server's message for a refusal or 'No
 * se pudo conectar al servidor'.
 */
export function EditarTiendaForm({
  usuarioId,
  tienda,
  onCerrar,
}: {
  usuarioId: string;
  tienda: TiendaDelVendedor;
  onCerrar: () => void;
}) {
  const editar = useEditarTienda(usuarioId);
  const [logo, setLogo] = useState<File | null>(null);
  const [procesandoLogo, setProcesandoLogo] = useState(false);
  const [errorLogo, setErrorLogo] = useState<string | undefined>(undefined);
  const form = useForm<Entrada, unknown, Salida>({
    resolver: zodResolver(formularioSchema),
    defaultValues: {
      nombre: tienda.nombre,
      descripcion: tienda.descripcion,
      telefono: tienda.telefono,
      email: tienda.email,
      razonSocial: tienda.razonSocial,
      entregaEnGrupo: entregaEnGrupoEscrita(tienda.entregaEnGrupo),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const entregaActiva = useWatch({ control: form.control, name: 'entregaEnGrupo.activa' });
  const ocupado = isSubmitting || editar.isPending || procesandoLogo;

  /** Without a current logo, a new one must be chosen. */
  const faltaLogo = () => {
    if (tienda.logo || logo) return false;
    setErrorLogo(LOGO_REQUERIDO.description);
    return true;
  };

  const onSubmit = form.handleSubmit(
    async (campos) => {
      if (faltaLogo()) {
        toast({ ...LOGO_REQUERIDO, variant: 'destructive' });
        return;
      }
      try {
        await editar.mutateAsync({ campos, logo });
      } catch (error) {
        if (endedTheSession(error)) return;
        if (error instanceof ApiError) {
          for (const { campo, mensaje } of error.detalles) {
            if ((CAMPOS as readonly string[]).includes(campo)) {
              form.setError(campo as Path<Entrada>, { message: mensaje });
            }
          }
        }
        toast({
          title: 'Error',
          description: mensajeDeEdicionFallida(error),
          variant: 'destructive',
        });
        return;
      }
      toast({ title: 'Tienda actualizada correctamente' });
      onCerrar();
    },
    () => {
      faltaLogo();
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={ocupado} className="grid gap-5">
      <div className="grid gap-5 rounded-2xl border border-border/70 bg-card p-4 shadow-xs sm:p-6">
        <Campo label="Nombre de la tienda" requerido error={errors.nombre?.message}>
          <Input autoComplete="organization" maxLength={100} {...form.register('nombre')} />
        </Campo>
        <Campo label="Descripción" error={errors.descripcion?.message}>
          <Textarea
            rows={4}
            maxLength={1000}
            placeholder="Cuéntales a tus compradores qué vendes"
            {...form.register('descripcion')}
          />
        </Campo>
        <div className="grid gap-5 sm:grid-cols-2">
          <Campo label="Teléfono" requerido error={errors.telefono?.message}>
            <Input
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={30}
              placeholder="+54 11 5555-1234"
              {...form.register('telefono')}
            />
          </Campo>
          <Campo label="Email" requerido error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              placeholder="contacto@mitienda.com"
              {...form.register('email')}
            />
          </Campo>
        </div>
        <Campo label="Razón social" requerido error={errors.razonSocial?.message}>
          <Input maxLength={150} {...form.register('razonSocial')} />
        </Campo>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">Logo de la tienda *</legend>
          <ImagePicker
            tipo="logo"
            etiqueta="Subir nuevo logo"
            actual={
              tienda.logo && (
                <TiendaLogo
                  loading="eager"
                  src={tienda.logo}
                  nombre={tienda.nombre}
                  className="size-full rounded-none text-2xl"
                />
              )
            }
            archivo={logo}
            onArchivo={(archivo) => {
              setLogo(archivo);
              if (archivo) setErrorLogo(undefined);
            }}
            onProcesando={setProcesandoLogo}
            error={errorLogo}
          />
        </fieldset>
      </div>

      <EntregaEnGrupoCampos
        className="rounded-2xl sm:p-6"
        activa={entregaActiva}
        onActivar={(activa) => {
          form.clearErrors('entregaEnGrupo');
          form.setValue('entregaEnGrupo.activa', activa, { shouldDirty: true });
        }}
        campo={(clave) => form.register(`entregaEnGrupo.${clave}`)}
        errores={{
          base: errors.entregaEnGrupo?.base?.message,
          porKm: errors.entregaEnGrupo?.porKm?.message,
          minimo: errors.entregaEnGrupo?.minimo?.message,
        }}
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          size="lg"
          onClick={onCerrar}
          disabled={editar.isPending}
        >
          Cancelar
        </Button>
        <Button type="submit" size="lg" disabled={ocupado}>
          {editar.isPending || isSubmitting ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <SaveIcon aria-hidden />
          )}
          {editar.isPending || isSubmitting ? 'Actualizando…' : 'Actualizar Tienda'}
        </Button>
      </div>
    </form>
  );
}
