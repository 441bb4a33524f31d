import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TypePropriete } from '@/api/generated';

const TYPES: readonly TypePropriete[] = ['appartement', 'parking', 'commerce', 'cellier'];

/** The label of a property type (the properties catalogue's); an unknown type is shown as sent. */
export function useProprieteTypeLabel(): (type: string) => string {
  const { t } = useTranslation('proprietes');
  return useCallback(
    (type: string) => ((TYPES as readonly string[]).includes(type) ? t(`types.${type as TypePropriete}`) : type),
    [t],
  );
}
