import { HouseIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

interface NotFoundViewProps {
  icon: LucideIcon;
  title: string;
  /** A large status line above the title (the 404 screen). */
  code?: string;
  children: ReactNode;
}

/** Something that is not there (a path, a store, a product): what happened and a way home. */
export function NotFoundView({ icon: Icon, title, code, children }: NotFoundViewProps) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 animate-rise-in flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      {code && (
        <p className="mt-6 bg-linear-to-br from-primary to-primary-strong bg-clip-text font-extrabold text-8xl text-transparent leading-none tracking-tighter sm:text-9xl">
          {code}
        </p>
      )}
      <h1 className={`${code ? 'mt-4' : 'mt-6'} font-bold text-2xl tracking-tight sm:text-3xl`}>
        {title}
      </h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">{children}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <HouseIcon aria-hidden />
          Volver al inicio
        </Link>
      </Button>
    </div>
  );
}
