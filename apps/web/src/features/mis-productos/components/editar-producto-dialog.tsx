import {
  type CategoriaLocal,
  editarProductoCamposSchema,
  LIMITES_PRODUCTO,
  type Producto,
} from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, Loader2Icon, LockIcon, SaveIcon, TagsIcon } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { FallbackImage } from '@/components/fallback-image';
import { ImagePicker } from '@/components/image-picker';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useCategoriasLocales } from '@/entities/tienda/api/get-categorias-locales';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { formatPrecio } from '@/lib/format-currency';
import { filtrarDecimal, filtrarEntero, leerNumero, numeroParaEditar } from '@/lib/numeros';
import { useEditarProducto } from '../api/editar-producto';
import { CLAVES_PAQUETE, medidaEscrita, paqueteEscrito, paqueteLeido } from '../lib/paquete';
import { TEXTOS } from '../lib/textos';
import { CamposEmbalaje } from './campos-embalaje';

const campos = editarProductoCamposSchema.shape;

/** A number typed the es-AR way ('1.500,50'), then the contract's rule for that field. */
function numeroEscrito(requerido: string, regla: typeof campos.precio) {
  // The contract coerces any input; here it always receives the number just read.
  return z
    .string()
    .trim()
    .min(1, requerido)
    .transform(leerNumero)
    .pipe(regla as unknown as z.ZodType<number, number>);
}

/** The form's rules are the contract's (its messages include the spec's 'El nombre del producto es requerido'). */
const formularioSchema = z.object({
  nombre: campos.nombre,
  descripcion: campos.descripcion,
  precio: numeroEscrito('Ingresa el precio', campos.precio),
  stock: numeroEscrito('Ingresa el stock', campos.stock),
  cantidadTotalGrupo: numeroEscrito('Ingresa la cantidad del grupo', campos.cantidadTotalGrupo),
  categoriaLocalId: z
    .array(z.string())
    .max(LIMITES_PRODUCTO.categoriasLocalesMaximas, 'Demasiadas categorías'),
  // One unit's package ('Embalaje'), as typed; read when it is sent.
  peso: medidaEscrita('peso', 'Ingresa el peso'),
  largo: medidaEscrita('largo', 'Ingresa el largo'),
  ancho: medidaEscrita('ancho', 'Ingresa el ancho'),
  alto: medidaEscrita('alto', 'Ingresa el alto'),
});

type Entrada = z.input<typeof formularioSchema>;
type Salida = z.output<typeof formularioSchema>;

const CAMPOS: readonly Path<Entrada>[] = [
  'nombre',
  'descripcion',
  'precio',
  'stock',
  'cantidadTotalGrupo',
  'categoriaLocalId',
  ...CLAVES_PAQUETE,
];

/** The form's field of a field the server refused (`paquete.peso` is the weight's). */
function campoDelFormulario(campo: string): Path<Entrada> | null {
  const propio = campo.startsWith('paquete.') ? campo.slice('paquete.'.length) : campo;
  return (CAMPOS as readonly string[]).includes(propio) ? (propio as Path<Entrada>) : null;
}

/** What the seller reads when saving fails: the server's reason for a refusal (4xx), else the spec's. */
function mensajeDeEdicionFallida(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.detalles[0]?.mensaje ?? error.serverMessage ?? TEXTOS.noActualizado;
  }
  return TEXTOS.noActualizado;
}

function CategoriasCheckboxes({
  usuarioId,
  value,
  onChange,
  error,
}: {
  usuarioId: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const { data, isPending, isError, refetch } = useCategoriasLocales(usuarioId);
  const alternar = (categoria: CategoriaLocal, marcada: boolean) =>
    onChange(marcada ? [...value, categoria._id] : value.filter((id) => id !== categoria._id));

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">Categorías de tu tienda</legend>
      {isPending ? (
        <div role="status" className="flex flex-wrap gap-2">
          <span className="sr-only">Cargando categorías…</span>
          {[0, 1, 2].map((fila) => (
            <Skeleton key={fila} aria-hidden className="h-9 w-24 rounded-full" />
          ))}
        </div>
      ) : isError ? (
        <p className="text-muted-foreground text-sm">
          No se pudieron cargar las categorías.{' '}
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => refetch()}>
            Reintentar
          </Button>
        </p>
      ) : data.categoriasLocales.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Tu tienda todavía no tiene categorías.{' '}
          <Link
            to="/my-store?seccion=categorias"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Configurar Categorías
          </Link>
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {data.categoriasLocales.map((categoria) => {
            const marcada = value.includes(categoria._id);
            return (
              <li key={categoria._id}>
                <label className="flex h-9 cursor-pointer items-center gap-2 rounded-full border border-border bg-card px-3 text-sm shadow-xs transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/45">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={marcada}
                    onChange={(event) => alternar(categoria, event.target.checked)}
                  />
                  {categoria.nombre}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && <p className="font-medium text-destructive text-xs">{error}</p>}
    </fieldset>
  );
}

function EditarProductoForm({
  usuarioId,
  producto,
  onCerrar,
}: {
  usuarioId: string;
  producto: Producto;
  onCerrar: () => void;
}) {
  const editar = useEditarProducto(usuarioId);
  const [imagen, setImagen] = useState<File | null>(null);
  const [procesandoImagen, setProcesandoImagen] = useState(false);
  const form = useForm<Entrada, unknown, Salida>({
    resolver: zodResolver(formularioSchema),
    defaultValues: {
      nombre: producto.nombre,
      descripcion: producto.descripcion,
      // The price its seller set last: it may be waiting for the next group.
      precio: numeroParaEditar(producto.precioSiguiente ?? producto.precio),
      stock: String(producto.stock),
      cantidadTotalGrupo: String(producto.cantidadTotalGrupo),
      categoriaLocalId: producto.categoriaLocalId,
      ...paqueteEscrito(producto.paquete),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const guardando = isSubmitting || editar.isPending;

  const onSubmit = form.handleSubmit(async (valores) => {
    const { peso, largo, ancho, alto, ...campos } = valores;
    try {
      await editar.mutateAsync({
        productoId: producto._id,
        ...campos,
        paquete: paqueteLeido({ peso, largo, ancho, alto }),
        imagen,
      });
    } catch (error) {
      if (endedTheSession(error)) return;
      if (error instanceof ApiError) {
        for (const { campo, mensaje } of error.detalles) {
          const propio = campoDelFormulario(campo);
          if (propio) form.setError(propio, { message: mensaje });
        }
      }
      toast({
        title: 'Error',
        description: mensajeDeEdicionFallida(error),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: TEXTOS.actualizado });
    onCerrar();
  });

  /** A number field: keeps only what the number may hold, then hands it to the form. */
  const registrarNumero = (
    nombre: 'precio' | 'stock' | 'cantidadTotalGrupo',
    filtro: (texto: string) => string,
  ) => {
    const registro = form.register(nombre);
    return {
      ...registro,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const filtrado = filtro(event.target.value);
        if (filtrado !== event.target.value) event.target.value = filtrado;
        return registro.onChange(event);
      },
    };
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={guardando} className="grid gap-5 pt-2">
      <FormField label="Nombre" required error={errors.nombre?.message}>
        <Input autoComplete="off" maxLength={120} {...form.register('nombre')} />
      </FormField>
      <FormField label="Descripción" error={errors.descripcion?.message}>
        <Textarea rows={3} maxLength={2000} {...form.register('descripcion')} />
      </FormField>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <FormField
          label="Precio"
          required
          error={errors.precio?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            {...registrarNumero('precio', filtrarDecimal)}
          />
        </FormField>
        <FormField label="Stock" required error={errors.stock?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            {...registrarNumero('stock', filtrarEntero)}
          />
        </FormField>
        <FormField label="Total grupo" required error={errors.cantidadTotalGrupo?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            {...registrarNumero('cantidadTotalGrupo', filtrarEntero)}
          />
        </FormField>
        <p className="col-span-full -mt-2 flex items-start gap-1.5 text-muted-foreground text-xs leading-relaxed">
          <LockIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {producto.precioSiguiente != null
            ? `El grupo abierto mantiene ${formatPrecio(producto.precio)} hasta completarse; el precio nuevo se aplica desde el próximo grupo.`
            : 'Si alguien ya se sumó al grupo abierto, el precio nuevo se aplica desde el próximo grupo.'}
        </p>
      </div>
      <CamposEmbalaje
        campo={(clave) => form.register(clave)}
        errores={{
          peso: errors.peso?.message,
          largo: errors.largo?.message,
          ancho: errors.ancho?.message,
          alto: errors.alto?.message,
        }}
      />
      <Controller
        control={form.control}
        name="categoriaLocalId"
        render={({ field, fieldState }) => (
          <CategoriasCheckboxes
            usuarioId={usuarioId}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Imagen del producto</legend>
        <ImagePicker
          tipo="imagen"
          etiqueta="Subir nueva imagen"
          actual={
            producto.imagen && (
              <FallbackImage
                src={producto.imagen}
                alt={`Imagen actual de ${producto.nombre || 'el producto'}`}
                loading="eager"
                className="size-full"
                fallback={<ImageIcon className="size-8 text-muted-foreground" aria-hidden />}
              />
            )
          }
          archivo={imagen}
          onArchivo={setImagen}
          onProcesando={setProcesandoImagen}
        />
      </fieldset>

      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCerrar} disabled={editar.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={guardando || procesandoImagen}>
          {guardando ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <SaveIcon aria-hidden />
          )}
          {guardando ? 'Guardando…' : 'Guardar cambios'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The edit-product dialog (spec part 2, sections 2, 5 and 8), a bottom drawer below 768 px:
 * name, description, price, stock, total (group quantity), one unit's package ('Embalaje', not
 * in the spec: shipping is priced from it), the store's local categories as checkboxes, and
 * the picture (the current one or that there is none, and a new one through the image rule).
 * Saving sends the multipart form; success says 'El producto se ha actualizado correctamente',
 * a failure the server's reason for a refusal or 'No se pudo actualizar el producto'.
 */
export function EditarProductoDialog({
  usuarioId,
  open,
  producto,
  onOpenChange,
}: {
  usuarioId: string;
  open: boolean;
  /** The product being edited; it stays while the dialog closes. */
  producto: Producto | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ResponsiveDialog
      open={open && producto !== null}
      onOpenChange={onOpenChange}
      title={
        <span className="flex items-center gap-2">
          <TagsIcon className="size-5 text-primary" aria-hidden />
          Editar producto
        </span>
      }
      description={producto ? producto.nombre : undefined}
      className="md:max-w-2xl"
    >
      {producto && (
        <EditarProductoForm
          key={producto._id}
          usuarioId={usuarioId}
          producto={producto}
          onCerrar={() => onOpenChange(false)}
        />
      )}
    </ResponsiveDialog>
  );
}
