import * as SheetPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { DialogCloseButton, DialogOverlay } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** A dialog that slides in from a screen edge (Radix Dialog underneath). */
export function Sheet(props: ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 bg-background shadow-xl outline-none motion-reduce:animate-none',
  {
    variants: {
      side: {
        left: 'inset-y-0 left-0 h-full w-3/4 max-w-sm border-r data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left',
        right:
          'inset-y-0 right-0 h-full w-3/4 max-w-sm border-l data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right',
      },
    },
    defaultVariants: { side: 'left' },
  },
);

export function SheetContent({
  className,
  children,
  side = 'left',
  showCloseButton = true,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> &
  VariantProps<typeof sheetVariants> & { showCloseButton?: boolean }) {
  return (
    <SheetPrimitive.Portal>
      <DialogOverlay data-slot="sheet-overlay" />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        {children}
        {showCloseButton && <DialogCloseButton className="top-3 right-3" />}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn('font-semibold text-foreground', className)}
      {...props}
    />
  );
}
