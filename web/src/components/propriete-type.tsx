import { Archive, Building, Car, Home, Store, type LucideIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TypePropriete } from '@/api/generated';

const TYPE_ICONS: Record<TypePropriete, LucideIcon> = {
  appartement: Home,
  parking: Car,
  commerce: Store,
  cellier: Archive,
};

function isKnownType(type: string): type is TypePropriete {
  return type in TYPE_ICONS;
}

/** The label of a property type; an unknown type (a newer server) is shown as sent. */
export function useProprieteTypeLabel(): (type: string) => string {
  const { t } = useTranslation('common');
  return useCallback((type: string) => (isKnownType(type) ? t(`proprieteTypes.${type}`) : type), [t]);
}

/** A property type with its icon (spec 2 §2: "type with icon"). */
export function ProprieteTypeLabel({ type }: { type: string }) {
  const label = useProprieteTypeLabel();
  const Icon = isKnownType(type) ? TYPE_ICONS[type] : Building;
  return (
    <span className="inline-flex items-center gap-2" data-type={type}>
      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span>{label(type)}</span>
    </span>
  );
}
