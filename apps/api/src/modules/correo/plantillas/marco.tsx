import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { ContextoDeCorreo } from './plantilla';

const marca = '#16a34a';

/**
 * The frame of every email: the brand, one column that reads on a phone, the footer with the
 * unsubscribe link when the kind can be turned off. Every text inside is a React child, so
 * React escapes what people typed (names, stores, products).
 */
export function Marco({
  vistaPrevia,
  contexto,
  children,
}: {
  vistaPrevia: string;
  contexto: ContextoDeCorreo;
  children: ReactNode;
}) {
  return (
    <Html lang="es-AR">
      <Head />
      <Preview>{vistaPrevia}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            borderRadius: 12,
            margin: '24px auto',
            maxWidth: 560,
            padding: '24px 20px',
          }}
        >
          <Section>
            <Link
              href={contexto.urlPublica}
              style={{ color: marca, fontSize: 20, fontWeight: 700, textDecoration: 'none' }}
            >
              Compra Grupal
            </Link>
          </Section>
          <Section style={{ color: '#18181b', fontSize: 16, lineHeight: '24px' }}>
            {children}
          </Section>
          <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 12px' }} />
          <Text style={{ color: '#71717a', fontSize: 12, lineHeight: '18px', margin: 0 }}>
            Compra Grupal · compras grupales en tu barrio.
            {contexto.urlDeBaja ? (
              <>
                {' '}
                <Link href={contexto.urlDeBaja} style={{ color: '#71717a' }}>
                  Dejar de recibir estos correos
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A call to action: a button-like link. */
export function Boton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      style={{
        backgroundColor: marca,
        borderRadius: 8,
        color: '#ffffff',
        display: 'inline-block',
        fontWeight: 600,
        margin: '8px 0',
        padding: '12px 20px',
        textDecoration: 'none',
      }}
    >
      {children}
    </Link>
  );
}
