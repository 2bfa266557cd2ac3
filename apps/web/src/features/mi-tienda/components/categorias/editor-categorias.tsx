import {
  CATEGORIAS_LOCALES_MAXIMO,
  type CategoriaLocal,
  type EditarCategoriasRequest,
  editarCategoriasRequestSchema,
} from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckIcon,
  Loader2Icon,
  PencilIcon,
  PlusIcon,
  SaveIcon,
  TagIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { useEditarCategorias } from '../../api/editar-categorias';
import { type NombreCategoriaForm, nombreCategoriaFormSchema } from '../../lib/categorias';

const NOMBRE_MAXIMO = 60;

/**
 * Edits a copy of the store's local categories: add, rename inline, remove; nothing reaches the
 * server until 'Guardar categorías', which sends the whole list and stays disabled with none.
 * Names are checked when they are entered ('Por favor ingresa un nombre para la categoría',
 * 'Ya existe una categoría con ese nombre', regardless of case); typing clears the message.
 * Three forms: the list (the contract's request), the new name and the name being changed.
 */
export function EditorCategorias({
  usuarioId,
  tiendaId,
  inicial,
  onCerrar,
}: {
  usuarioId: string;
  tiendaId: string;
  inicial: readonly CategoriaLocal[];
  onCerrar: () => void;
}) {
  const id = useId();
  const guardar = useEditarCategorias(usuarioId);
  // The list as the PUT sends it: kept ones with their `_id`, new ones without.
  const lista = useForm<EditarCategoriasRequest>({
    resolver: zodResolver(editarCategoriasRequestSchema),
    defaultValues: { categoriasLocales: inicial.map(({ _id, nombre }) => ({ _id, nombre })) },
  });
  const {
    fields: categorias,
    append,
    remove,
    update,
  } = useFieldArray({
    control: lista.control,
    name: 'categoriasLocales',
  });
  /** The field id of the category being renamed. */
  const [editando, setEditando] = useState<string | null>(null);
  const [anuncio, setAnuncio] = useState('');
  const lleno = categorias.length >= CATEGORIAS_LOCALES_MAXIMO;

  const nombresSalvo = (salvo?: string) =>
    categorias.filter((categoria) => categoria.id !== salvo).map(({ nombre }) => nombre);
  // Each name is checked against the list as it is now (the resolver is read on every render).
  const nueva = useForm<NombreCategoriaForm>({
    resolver: zodResolver(nombreCategoriaFormSchema(nombresSalvo())),
    defaultValues: { nombre: '' },
    reValidateMode: 'onSubmit',
  });
  const renombre = useForm<NombreCategoriaForm>({
    resolver: zodResolver(nombreCategoriaFormSchema(nombresSalvo(editando ?? undefined))),
    defaultValues: { nombre: '' },
    reValidateMode: 'onSubmit',
  });
  const errorNueva = nueva.formState.errors.nombre?.message;
  const errorRenombre = renombre.formState.errors.nombre?.message;

  const agregar = nueva.handleSubmit(({ nombre }) => {
    append({ nombre });
    nueva.reset();
    setAnuncio(`Categoría ${nombre} agregada`);
    nueva.setFocus('nombre');
  });

  const empezarRenombre = (campoId: string, nombre: string) => {
    renombre.reset({ nombre });
    setEditando(campoId);
  };

  /** Applies the rename being typed; false when the name cannot be used. */
  const aplicarRenombre = async (): Promise<boolean> => {
    const indice = categorias.findIndex((categoria) => categoria.id === editando);
    const categoria = categorias[indice];
    if (!categoria) return true;
    let aplicado = false;
    await renombre.handleSubmit(({ nombre }) => {
      update(indice, { ...(categoria._id ? { _id: categoria._id } : {}), nombre });
      setEditando(null);
      setAnuncio(`Categoría renombrada a ${nombre}`);
      aplicado = true;
    })();
    return aplicado;
  };

  const quitar = (indice: number) => {
    const categoria = categorias[indice];
    if (!categoria) return;
    remove(indice);
    if (editando === categoria.id) setEditando(null);
    setAnuncio(`Categoría ${categoria.nombre} quitada`);
    nueva.setFocus('nombre');
  };

  const enviar = async () => {
    if (categorias.length === 0 || !(await aplicarRenombre())) return;
    await lista.handleSubmit((valores) =>
      guardar.mutate(
        { tiendaId, ...valores },
        {
          onSuccess: () => {
            toast({ title: 'Categorías actualizadas correctamente' });
            onCerrar();
          },
        },
      ),
    )();
  };

  const nuevaErrorId = `${id}-nueva-error`;
  const listaId = `${id}-lista`;

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={agregar} className="grid gap-2">
        <Label htmlFor={`${id}-nueva`}>Nueva categoría</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-nueva`}
            {...nueva.register('nombre', { onChange: () => nueva.clearErrors('nombre') })}
            maxLength={NOMBRE_MAXIMO}
            placeholder="Ej.: Bebidas"
            autoComplete="off"
            disabled={lleno || guardar.isPending}
            aria-invalid={errorNueva ? true : undefined}
            aria-describedby={errorNueva ? nuevaErrorId : undefined}
          />
          <Button type="submit" disabled={lleno || guardar.isPending} className="shrink-0">
            <PlusIcon aria-hidden />
            Agregar
          </Button>
        </div>
        {errorNueva && (
          <p id={nuevaErrorId} className="font-medium text-destructive text-xs">
            {errorNueva}
          </p>
        )}
        {lleno && (
          <p className="text-muted-foreground text-xs">
            Llegaste al máximo de {CATEGORIAS_LOCALES_MAXIMO} categorías.
          </p>
        )}
      </form>

      <section aria-labelledby={listaId} className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <h3 id={listaId} className="font-semibold text-sm">
            Categorías de tu tienda
          </h3>
          <span className="text-muted-foreground text-xs tabular-nums">
            {categorias.length} de {CATEGORIAS_LOCALES_MAXIMO}
          </span>
        </div>
        {categorias.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-border border-dashed bg-muted/30 px-4 py-8 text-center">
            <span className="grid size-10 place-items-center rounded-xl bg-secondary text-secondary-foreground">
              <TagIcon className="size-5" aria-hidden />
            </span>
            <p className="mt-3 font-medium text-sm">Todavía no tienes categorías</p>
            <p className="mt-1 text-muted-foreground text-xs">
              Agrega al menos una para poder guardar.
            </p>
          </div>
        ) : (
          <ul aria-labelledby={listaId} className="grid gap-2">
            {categorias.map((categoria, indice) => {
              const errorId = `${id}-${categoria.id}-error`;
              return (
                <li
                  key={categoria.id}
                  className="flex min-h-12 items-center gap-2 rounded-xl border border-border/70 bg-card py-1.5 pr-1.5 pl-3"
                >
                  {editando === categoria.id ? (
                    <form
                      noValidate
                      className="grid min-w-0 flex-1 gap-1"
                      onSubmit={(event) => {
                        event.preventDefault();
                        void aplicarRenombre();
                      }}
                    >
                      <div className="flex items-center gap-1.5">
                        <Input
                          // The input appears where the name was: the rename starts here.
                          autoFocus
                          {...renombre.register('nombre', {
                            onChange: () => renombre.clearErrors('nombre'),
                          })}
                          maxLength={NOMBRE_MAXIMO}
                          aria-label={`Nuevo nombre para ${categoria.nombre}`}
                          aria-invalid={errorRenombre ? true : undefined}
                          aria-describedby={errorRenombre ? errorId : undefined}
                          className="h-9"
                        />
                        <Button type="submit" size="icon-sm" aria-label="Guardar nombre">
                          <CheckIcon aria-hidden />
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon-sm"
                          aria-label="Cancelar cambio de nombre"
                          onClick={() => setEditando(null)}
                        >
                          <XIcon aria-hidden />
                        </Button>
                      </div>
                      {errorRenombre && (
                        <p id={errorId} className="font-medium text-destructive text-xs">
                          {errorRenombre}
                        </p>
                      )}
                    </form>
                  ) : (
                    <>
                      <TagIcon className="size-4 shrink-0 text-primary" aria-hidden />
                      <span
                        className="min-w-0 flex-1 truncate font-medium text-sm"
                        title={categoria.nombre}
                      >
                        {categoria.nombre}
                      </span>
                      {!categoria._id && (
                        <span className="rounded-full bg-highlight-soft px-2 py-0.5 font-medium text-highlight-foreground text-xs">
                          Nueva
                        </span>
                      )}
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Renombrar ${categoria.nombre}`}
                        disabled={guardar.isPending}
                        onClick={() => empezarRenombre(categoria.id, categoria.nombre)}
                      >
                        <PencilIcon aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon-sm"
                        className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                        aria-label={`Eliminar ${categoria.nombre}`}
                        disabled={guardar.isPending}
                        onClick={() => quitar(indice)}
                      >
                        <Trash2Icon aria-hidden />
                      </Button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {inicial.length > 0 && (
          <p className="text-muted-foreground text-xs">
            Si eliminas una categoría, sus productos quedan sin esa categoría.
          </p>
        )}
      </section>

      <p aria-live="polite" className="sr-only">
        {anuncio}
      </p>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCerrar} disabled={guardar.isPending}>
          Cancelar
        </Button>
        <Button
          type="button"
          disabled={categorias.length === 0 || guardar.isPending}
          onClick={() => void enviar()}
        >
          {guardar.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <SaveIcon aria-hidden />
          )}
          {guardar.isPending ? 'Guardando…' : 'Guardar categorías'}
        </Button>
      </div>
    </div>
  );
}
