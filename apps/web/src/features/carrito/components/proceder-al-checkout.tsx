import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

export interface ProcederAlCheckoutProps {
  /** Checkout cannot start yet (products loading or missing). */
  bloqueado: boolean;
  size?: ButtonProps['size'];
}

/** 'Proceder al checkout': a link to /checkout, or a disabled button while it is blocked. */
export function ProcederAlCheckout({ bloqueado, size }: ProcederAlCheckoutProps) {
  const contenido = (
    <>
      Proceder al checkout
      <ArrowRightIcon aria-hidden />
    </>
  );
  return bloqueado ? (
    <Button size={size} disabled>
      {contenido}
    </Button>
  ) : (
    <Button asChild size={size}>
      <Link to="/checkout">{contenido}</Link>
    </Button>
  );
}
