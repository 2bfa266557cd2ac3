import { lazy, Suspense } from 'react';
import { useToasterRequested } from './toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** Mounted once at the root: brings in the toaster (and sonner) with the first toast. */
export function ToasterHost() {
  const requested = useToasterRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
