import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ltrText } from '@/lib/bidi';
import type { LigneRapprochement } from './rapprochement-api';

/**
 * The server names the movements it builds in French (api/src/routes/banque/rapprochement.rs:
 * "Remise de 2 chèques", "Transfert vers Épargne", "Encaissement Charges 2026 — A5", "Solde
 * reporté au 01/01/2026"). These patterns are said again in the user's language, with the names
 * and dates they hold; anything else (an operation's own libellé) is shown as typed.
 */
const PATTERNS: readonly [RegExp, (match: RegExpExecArray) => { key: string; values: Record<string, unknown> }][] = [
  [/^Solde reporté au (\d{2}\/\d{2}\/\d{4})$/, (m) => ({ key: 'soldeReporte', values: { date: ltrText(m[1] ?? '') } })],
  [/^Solde initial au (\d{2}\/\d{2}\/\d{4})$/, (m) => ({ key: 'soldeInitial', values: { date: ltrText(m[1] ?? '') } })],
  [/^Remise de (\d+) chèques?$/, (m) => ({ key: 'remise', values: { count: Number(m[1]) } })],
  [/^Transfert vers (.+)$/, (m) => ({ key: 'transfertVers', values: { compte: m[1] } })],
  [/^Transfert depuis (.+)$/, (m) => ({ key: 'transfertDepuis', values: { compte: m[1] } })],
  [/^Encaissement (.+)$/, (m) => ({ key: 'encaissementDe', values: { detail: m[1] } })],
  [/^Encaissement$/, () => ({ key: 'encaissement', values: {} })],
];

const BUILT_BY_SERVER = new Set<LigneRapprochement['table']>([
  'solde',
  'remise',
  'transfert_sortie',
  'transfert_entree',
  'encaissement',
]);

/**
 * A movement's libellé in the page's language. Without `table` (a search's text), every pattern
 * applies.
 */
export function useLibelle(): (ligne: { table?: LigneRapprochement['table']; libelle: string }) => string {
  const { t } = useTranslation('rapprochement');
  return useCallback(
    (ligne) => {
      if (ligne.table !== undefined && !BUILT_BY_SERVER.has(ligne.table)) return ligne.libelle;
      for (const [pattern, read] of PATTERNS) {
        const match = pattern.exec(ligne.libelle);
        if (match) {
          const { key, values } = read(match);
          return String(t(`libelles.${key}` as never, values as never));
        }
      }
      return ligne.libelle;
    },
    [t],
  );
}
