import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { BrandMark } from '../shell/brand';

/** The frame of the account screens (recover, reset, verify): one centered card. */
export function CuentaPantalla({
  titulo,
  subtitulo,
  children,
}: {
  titulo: string;
  subtitulo?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 items-start justify-center px-4 py-6 sm:px-6 sm:py-10">
      <Card className="w-full max-w-md animate-rise-in gap-0 p-6 sm:p-8">
        <BrandMark className="mb-5 size-10" />
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{titulo}</h1>
        {subtitulo ? <p className="mt-1.5 text-muted-foreground">{subtitulo}</p> : null}
        <div className="mt-6 grid gap-4">{children}</div>
      </Card>
    </div>
  );
}
