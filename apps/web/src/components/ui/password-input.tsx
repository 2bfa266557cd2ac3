import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/** A password field with a show/hide toggle. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOffIcon : EyeIcon;
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
        className={cn(
          'absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground',
          'transition-colors hover:text-foreground focus-visible:text-foreground motion-reduce:transition-none',
          'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
        )}
      >
        <Icon className="size-[1.125rem]" aria-hidden />
      </button>
    </div>
  );
}
