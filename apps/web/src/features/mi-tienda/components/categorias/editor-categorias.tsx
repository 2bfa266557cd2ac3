import { CATEGORIAS_LOCALES_MAXIMO, type CategoriaLocal } from '@compra-grupal/contracts';
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
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { useEditarCategorias } from '../../api/editar-categorias';
import { type CategoriaEditable, errorDeNombreCategoria } from '../../lib/categorias';

const NOMBRE_MAXIMO = 60;

interface Edicion {
  clave: string;
  nombre: string;
  error: string | null;
}

/**
 * Edits a copy of the store's local categories: add, rename inline, remove; nothing reaches the
 * server until 'Guardar categorías', which sends the whole list and stays disabled with none.
 * Names are checked as they are typed in ('Por favor ingresa un nombre para la categoría',
 * 'Ya existe una categoría con ese nombre', regardless of case).
 */
export function EditorCategorias({
  userId,
  tiendaId,
  inicial,
  onCerrar,
}: {
  userId: string;
  tiendaId: string;
  inicial: readonly CategoriaLocal[];
  onCerrar: () => void;
}) {
  const id = useId();
  const guardar = useEditarCategorias(userId);
  const [categorias, setCategorias] = useState<CategoriaEditable[]>(() =>
    inicial.map(({ _id, nombre }) => ({ clave: _id, _id, nombre })),
  );
  const [nueva, setNueva] = useState('');
  const [errorNueva, setErrorNueva] = useState<string | null>(null);
  const [edicion, setEdicion] = useState<Edicion | null>(null);
  const [anuncio, setAnuncio] = useState('');
  const siguiente = useRef(0);
  const inputNueva = useRef<HTMLInputElement>(null);
  const lleno = categorias.length >= CATEGORIAS_LOCALES_MAXIMO;

  const agregar = (event: FormEvent) => {
    event.preventDefault();
    const error = errorDeNombreCategoria(nueva, categorias);
    if (error) {
      setErrorNueva(error);
      inputNueva.current?.focus();
      return;
    }
    const nombre = nueva.trim();
    siguiente.current += 1;
    setCategorias((actuales) => [...actuales, { clave: `nueva-${siguiente.current}`, nombre }]);
    setNueva('');
    setErrorNueva(null);
    setAnuncio(`Categoría ${nombre} agregada`);
    inputNueva.current?.focus();
  };

  /** Applies the rename being typed; false when the name cannot be used. */
  const confirmarEdicion = (): boolean => {
    if (!edicion) return true;
    const error = errorDeNombreCategoria(edicion.nombre, categorias, edicion.clave);
    if (error) {
      setEdicion({ ...edicion, error });
      return false;
    }
    const nombre = edicion.nombre.trim();
    setCategorias((actuales) =>
      actuales.map((categoria) =>
        categoria.clave === edicion.clave ? { ...categoria, nombre } : categoria,
      ),
    );
    setEdicion(null);
    setAnuncio(`Categoría renombrada a ${nombre}`);
    return true;
  };

  const quitar = (categoria: CategoriaEditable) => {
    setCategorias((actuales) => actuales.filter((otra) => otra.clave !== categoria.clave));
    if (edicion?.clave === categoria.clave) setEdicion(null);
    setAnuncio(`Categoría ${categoria.nombre} quitada`);
    inputNueva.current?.focus();
  };

  const enviar = () => {
    if (categorias.length === 0 || !confirmarEdicion()) return;
    const lista = edicion
      ? categorias.map((categoria) =>
          categoria.clave === edicion.clave
            ? { ...categoria, nombre: edicion.nombre.trim() }
            : categoria,
        )
      : categorias;
    guardar.mutate(
      {
        tiendaId,
        categoriasLocales: lista.map(({ _id, nombre }) => (_id ? { _id, nombre } : { nombre })),
      },
      {
        onSuccess: () => {
          toast({ title: 'Categorías actualizadas correctamente' });
          onCerrar();
        },
      },
    );
  };

  const nuevaErrorId = `${id}-nueva-error`;
  const listaId = `${id}-lista`;

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={agregar} className="grid gap-2">
        <Label htmlFor={`${id}-nueva`}>Nueva categoría</Label>
        <div className="flex gap-2">
          <Input
            ref={inputNueva}
            id={`${id}-nueva`}
            value={nueva}
            maxLength={NOMBRE_MAXIMO}
            placeholder="Ej.: Bebidas"
            autoComplete="off"
            disabled={lleno || guardar.isPending}
            aria-invalid={errorNueva ? true : undefined}
            aria-describedby={errorNueva ? nuevaErrorId : undefined}
            onChange={(event) => {
              setNueva(event.target.value);
              if (errorNueva) setErrorNueva(null);
            }}
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
            {categorias.map((categoria) => {
              const editando = edicion?.clave === categoria.clave ? edicion : null;
              const errorId = `${id}-${categoria.clave}-error`;
              return (
                <li
                  key={categoria.clave}
                  className="flex min-h-12 items-center gap-2 rounded-xl border border-border/70 bg-card py-1.5 pr-1.5 pl-3"
                >
                  {editando ? (
                    <div className="grid min-w-0 flex-1 gap-1">
                      <div className="flex items-center gap-1.5">
                        <Input
                          // The input appears where the name was: the rename starts here.
                          autoFocus
                          value={editando.nombre}
                          maxLength={NOMBRE_MAXIMO}
                          aria-label={`Nuevo nombre para ${categoria.nombre}`}
                          aria-invalid={editando.error ? true : undefined}
                          aria-describedby={editando.error ? errorId : undefined}
                          className="h-9"
                          onChange={(event) =>
                            setEdicion({ ...editando, nombre: event.target.value, error: null })
                          }
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') {
                              event.preventDefault();
                              confirmarEdicion();
                            }
                          }}
                        />
                        <Button
                          type="button"
                          size="icon-sm"
                          aria-label="Guardar nombre"
                          onClick={() => confirmarEdicion()}
                        >
                          <CheckIcon aria-hidden />
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon-sm"
                          aria-label="Cancelar cambio de nombre"
                          onClick={() => setEdicion(null)}
                        >
                          <XIcon aria-hidden />
                        </Button>
                      </div>
                      {editando.error && (
                        <p id={errorId} className="font-medium text-destructive text-xs">
                          {editando.error}
                        </p>
                      )}
                    </div>
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
                        onClick={() =>
                          setEdicion({
                            clave: categoria.clave,
                            nombre: categoria.nombre,
                            error: null,
                          })
                        }
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
                        onClick={() => quitar(categoria)}
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
          onClick={enviar}
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
