import { BriefcaseBusinessIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function MyStoreRoute() {
  return <PlaceholderPage title="Mi Tienda" icon={BriefcaseBusinessIcon} />;
}
