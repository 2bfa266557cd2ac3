import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { crearProducto } from '@/test/marketplace-api';
import { PRODUCTO_DETALLE_IMAGEN_SIZES, ProductoDetalle } from './producto-detalle';

const conVariantes = () =>
  crearProducto({
    nombre: 'Yerba mate 1 kg',
    imagen: '/uploads/productos/yerba.jpg',
    imagenVariantes: [
      { url: '/uploads/productos/yerba-640.jpg', ancho: 640, alto: 480 },
      { url: '/uploads/productos/yerba.jpg', ancho: 1440, alto: 1080 },
    ],
  });

describe('ProductoDetalle picture (the largest paint of the product page)', () => {
  it('offers the same-aspect versions with sizes, its intrinsic size, loaded first and at once', () => {
    render(<ProductoDetalle producto={conVariantes()} />);
    const imagen = screen.getByRole('img', { name: 'Yerba mate 1 kg' });
    expect(imagen).toHaveAttribute('src', '/uploads/productos/yerba.jpg');
    expect(imagen).toHaveAttribute(
      'srcset',
      '/uploads/productos/yerba-640.jpg 640w, /uploads/productos/yerba.jpg 1440w',
    );
    expect(imagen).toHaveAttribute('sizes', PRODUCTO_DETALLE_IMAGEN_SIZES);
    expect(imagen).toHaveAttribute('width', '1440');
    expect(imagen).toHaveAttribute('height', '1080');
    expect(imagen).toHaveAttribute('loading', 'eager');
    expect(imagen).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows an older picture without versions as before: src alone, no srcset', () => {
    render(
      <ProductoDetalle
        producto={crearProducto({ nombre: 'Aceite', imagen: '/uploads/aceite.jpg' })}
      />,
    );
    const imagen = screen.getByRole('img', { name: 'Aceite' });
    expect(imagen).toHaveAttribute('src', '/uploads/aceite.jpg');
    expect(imagen).not.toHaveAttribute('srcset');
    expect(imagen).not.toHaveAttribute('sizes');
    expect(imagen).not.toHaveAttribute('width');
    expect(imagen).toHaveAttribute('fetchpriority', 'high');
  });

  it('renders the same picture on the server, and hydrates it without a mismatch', async () => {
    const producto = conVariantes();
    const html = renderToString(<ProductoDetalle producto={producto} />);
    expect(html).toContain(
      'srcSet="/uploads/productos/yerba-640.jpg 640w, /uploads/productos/yerba.jpg 1440w"',
    );
    expect(html).toContain(`sizes="${PRODUCTO_DETALLE_IMAGEN_SIZES}"`);
    expect(html).toMatch(/width="1440" height="1080"/);
    expect(html).toContain('fetchPriority="high"');

    const contenedor = document.createElement('div');
    contenedor.innerHTML = html;
    document.body.append(contenedor);
    // React reports a differing attribute on the console, a differing tree as recoverable.
    const consola = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errores = vi.fn();
    const root = await act(async () =>
      hydrateRoot(contenedor, <ProductoDetalle producto={producto} />, {
        onRecoverableError: errores,
      }),
    );
    expect(errores).not.toHaveBeenCalled();
    expect(consola).not.toHaveBeenCalled();
    consola.mockRestore();
    expect(contenedor.querySelector('img')?.getAttribute('srcset')).toContain('640w');
    act(() => root.unmount());
    contenedor.remove();
  });
});

describe("ProductoDetalle price (a group's price is fixed for its life, decision 054)", () => {
  it('says the price is fixed while a group is open, and what the next group costs', () => {
    render(
      <ProductoDetalle
        producto={crearProducto({ nombre: 'Aceite', precio: 1000, precioSiguiente: 1500 })}
        grupo={<p>3 de 10 lugares ocupados</p>}
      />,
    );
    expect(screen.getByText('Precio fijado hasta que se complete el grupo')).toBeVisible();
    expect(screen.getByText(/Desde el próximo grupo:/)).toHaveTextContent(/1\.500/);
  });

  it('says nothing of it without an open group, or of a next price when none waits', () => {
    const { rerender } = render(
      <ProductoDetalle producto={crearProducto({ nombre: 'Aceite', precioSiguiente: 1500 })} />,
    );
    expect(screen.queryByText('Precio fijado hasta que se complete el grupo')).toBeNull();
    rerender(
      <ProductoDetalle
        producto={crearProducto({ nombre: 'Aceite', precioSiguiente: null })}
        grupo={<p>1 de 10</p>}
      />,
    );
    expect(screen.getByText('Precio fijado hasta que se complete el grupo')).toBeVisible();
    expect(screen.queryByText(/Desde el próximo grupo/)).toBeNull();
  });
});
