import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ltrText } from '@/lib/bidi';

/**
 * The server writes the books in French (domain/src/comptabilite: the chart's titles, the
 * entries' libellés). Both are said again here in the page's language:
 *
 * - an account's title by its number, for the fixed accounts of the chart (ADR 0007); a bank
 *   sub-account (512001…) keeps its bank account's libellé ("Banque — BIAT Courant"), only the
 *   word "Banque" is translated; an account this client does not know keeps the server's title;
 * - an entry's libellé by the patterns the server builds ("Appel de fonds « … » n° 3",
 *   "Encaissement, reçu n° 2026-000042", "Extourne : …"); a bank operation's libellé, typed by the
 *   treasurer, is shown as typed.
 *
 * French keeps the server's words as given.
 */
const CHART = {
  '401': 'fournisseurs',
  '450': 'coproprietaires',
  '512000': 'banqueNonDesignee',
  '5112': 'chequesAEncaisser',
  '53': 'caisse',
  '600000': 'chargesCourantesSansCategorie',
  '627': 'fraisBancaires',
  '672': 'travaux',
  '701': 'provisionsCourantes',
  '702': 'provisionsExceptionnelles',
  '716': 'produitsFinanciers',
  '890': 'bilanOuverture',
} as const;

type ChartKey = (typeof CHART)[keyof typeof CHART];

function chartKey(numero: string): ChartKey | undefined {
  return (CHART as Record<string, ChartKey | undefined>)[numero];
}

/** An account's title in the page's language, from its number and the server's title. */
export function useIntitule(): (compte: { compte: string; intitule: string }) => string {
  const { t, i18n } = useTranslation('comptabilite');
  const french = !i18n.language.startsWith('ar');
  return useCallback(
    ({ compte, intitule }) => {
      if (french) return intitule;
      const key = chartKey(compte);
      if (key) return t(`comptes.${key}`);
      const bank = /^Banque — (.+)$/.exec(intitule);
      if (/^512\d{3,}$/.test(compte) && bank?.[1]) return t('comptes.banqueDe', { libelle: isolate(bank[1]) });
      const categorie = /^Charges courantes — (.+)$/.exec(intitule);
      if (/^600\d{3,}$/.test(compte)) {
        return categorie?.[1]
          ? t('comptes.chargesCourantesDe', { libelle: isolate(categorie[1]) })
          : t('comptes.chargesCourantes');
      }
      return intitule;
    },
    [t, french],
  );
}

type Pattern = readonly [RegExp, (match: RegExpExecArray, again: (text: string) => string) => string];

/**
 * A name typed by a user (a cotisation's title, a bank account's libellé), French or Arabic, kept
 * whole inside an Arabic sentence: FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE.
 */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A receipt number ("2026-000042") never broken at its hyphen: a non-breaking hyphen. */
function keepReceiptsWhole(text: string): string {
  return text.replace(/(\d{4})-(\d{6})/g, '$1\u2011$2');
}

/** An entry's libellé in the page's language. */
export function useLibelleEcriture(): (libelle: string) => string {
  const { t, i18n } = useTranslation('comptabilite');
  const french = !i18n.language.startsWith('ar');
  return useCallback(
    (libelle) => {
      if (french) return keepReceiptsWhole(libelle);
      const patterns: readonly Pattern[] = [
        [/^Extourne : (.+)$/s, (m, again) => t('libelles.extourne', { libelle: again(m[1] ?? '') })],
        [
          /^Appel de fonds « (.+) » n° (\d+)$/,
          (m) => t('libelles.appel', { titre: isolate(m[1] ?? ''), numero: ltrText(m[2] ?? '') }),
        ],
        [/^Encaissement, reçu n° (.+)$/, (m) => t('libelles.encaissement', { numero: ltrText(m[1] ?? '') })],
        [/^Encaissement n° (\d+) corrigé$/, (m) => t('libelles.encaissementCorrige', { numero: ltrText(m[1] ?? '') })],
        [/^Solde initial du compte bancaire$/, () => t('libelles.soldeInitial')],
        [/^Facture « (.+) »$/, (m) => t('libelles.facture', { titre: isolate(m[1] ?? '') })],
        [/^Travaux « (.+) »$/, (m) => t('libelles.travaux', { titre: isolate(m[1] ?? '') })],
        [/^Paiement de la dépense n° (\d+)$/, (m) => t('libelles.paiementDepense', { numero: ltrText(m[1] ?? '') })],
        [/^Transfert entre comptes$/, () => t('libelles.transfert')],
        [/^Remise de chèques n° (\d+)$/, (m) => t('libelles.remiseNumero', { numero: ltrText(m[1] ?? '') })],
        [/^Remise de chèques (.+)$/, (m) => t('libelles.remiseReference', { reference: ltrText(m[1] ?? '') })],
      ];
      const again = (text: string): string => {
        for (const [pattern, say] of patterns) {
          const match = pattern.exec(text);
          if (match) return say(match, again);
        }
        return text;
      };
      return keepReceiptsWhole(again(libelle));
    },
    [t, french],
  );
}
