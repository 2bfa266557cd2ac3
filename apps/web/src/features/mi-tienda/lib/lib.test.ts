import { describe, expect, it } from 'vitest';
import { errorDeNombreCategoria } from './categorias';
import { resultadoVinculacion } from './resultado-vinculacion';

describe('errorDeNombreCategoria', () => {
  const categorias = [
    { clave: '1', _id: '1', nombre: 'Frutas' },
    { clave: '2', _id: '2', nombre: 'Lácteos' },
  ];

  it('refuses an empty name, also when it is only spaces', () => {
    expect(errorDeNombreCategoria('', categorias)).toBe(
      'Por favor ingresa un nombre para la categoría',
    );
    expect(errorDeNombreCategoria('   ', categorias)).toBe(
      'Por favor ingresa un nombre para la categoría',
    );
  });

  it('refuses the name of another category regardless of case and spaces', () => {
    expect(errorDeNombreCategoria(' FRUTAS ', categorias)).toBe(
      'Ya existe una categoría con ese nombre',
    );
    expect(errorDeNombreCategoria('lÁcteos', categorias)).toBe(
      'Ya existe una categoría con ese nombre',
    );
  });

  it('lets a category keep its own name while it is renamed', () => {
    expect(errorDeNombreCategoria('frutas', categorias, '1')).toBeNull();
    expect(errorDeNombreCategoria('Verduras', categorias)).toBeNull();
  });
});

describe('resultadoVinculacion', () => {
  const de = (query: string) => resultadoVinculacion(new URLSearchParams(query));

  it('success=true wins, with its message or the default', () => {
    expect(de('success=true&error=true')).toMatchObject({ tipo: 'exito' });
    expect(de('success=true').mensaje).toBe(
      'Tu cuenta de Mercado Pago ha sido vinculada exitosamente',
    );
  });

  it('error=true or success=false is an error', () => {
    expect(de('error=true')).toEqual({
      tipo: 'error',
      titulo: 'Error en la vinculación',
      mensaje: 'Hubo un error al vincular tu cuenta de Mercado Pago',
    });
    expect(de('success=false&mensaje=Expir%C3%B3')).toMatchObject({
      tipo: 'error',
      mensaje: 'Expiró',
    });
  });

  it("neither is 'Vinculación completada'", () => {
    expect(de('').titulo).toBe('Vinculación completada');
    expect(de('success=quizas').titulo).toBe('Vinculación completada');
  });

  it('shows a message from the address only as a short plain sentence', () => {
    expect(de(`success=true&mensaje=${'a'.repeat(500)}`).mensaje).toHaveLength(300);
    expect(de('error=true&mensaje=hola%00mundo').mensaje).toBe(
      'Hubo un error al vincular tu cuenta de Mercado Pago',
    );
    expect(de('success=true&mensaje=%20%20').mensaje).toBe(
      'Tu cuenta de Mercado Pago ha sido vinculada exitosamente',
    );
  });
});
