import { ltrText } from '@/lib/bidi';
import i18n from 'i18next';
import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { refusalText } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The statements' refusals (docs/api-releves.md) said in the user's language, by code. Keyed by
 * string: the codes join the generated catalogue with the server's routes. The closed-year,
 * finance-only and concurrency refusals are common codes (lib/api-error-message).
 */
const RELEVES_CODES: Record<string, MessageKey> = {
  releve_format_inconnu: 'releves:errors.releve_format_inconnu',
  releve_illisible: 'releves:errors.releve_illisible',
  releve_ligne_invalide: 'releves:errors.releve_ligne_invalide',
  colonne_inconnue: 'releves:errors.colonne_inconnue',
  mapping_invalide: 'releves:errors.mapping_invalide',
  mapping_requis: 'releves:errors.mapping_requis',
  fichier_trop_volumineux: 'releves:errors.fichier_trop_volumineux',
  payload_too_large: 'releves:errors.fichier_trop_volumineux',
  compte_inconnu: 'releves:errors.compte_inconnu',
  releve_inconnu: 'releves:errors.releve_inconnu',
  ligne_releve_inconnue: 'releves:errors.ligne_inconnue',
  aucun_mouvement: 'releves:errors.aucun_mouvement',
  releve_vide: 'releves:errors.releve_illisible',
  releve_deja_importe: 'releves:errors.releve_deja_importe',
  montants_differents: 'releves:errors.montants_differents',
  deja_pointe: 'releves:errors.deja_pointe',
  mouvement_inconnu: 'releves:errors.mouvement_inconnu',
  type_incompatible: 'releves:errors.type_incompatible',
  ligne_non_rapprochee: 'releves:errors.ligne_non_pointee',
  ligne_deja_rapprochee: 'releves:errors.ligne_deja_rapprochee',
};

/** The codes a statement file's field may carry (`errors.fichier` / `field_codes.fichier`). */
const FICHIER_CODES = ['releve_format_inconnu', 'releve_illisible', 'releve_ligne_invalide', 'fichier_trop_volumineux'];

/** The body of a refused preview or import: a line that could not be read says which and why. */
interface LigneInvalide {
  ligne?: number;
  raison?: string;
}

/**
 * The reasons the server gives for a line it cannot read (`raison`, French text "<why>: <the
 * file's value>"), by their French wording: said in the screen's language, the file's value kept
 * as it is. A reason not listed here is shown as is in French only; elsewhere the message says
 * which line without it, rather than French text on an Arabic screen.
 */
const RAISONS: [prefix: string, key: string][] = [
  ['montant illisible', 'montant_illisible'],
  ['plus de trois décimales', 'plus_de_trois_decimales'],
  ['montant trop grand', 'montant_trop_grand'],
  ['date absente ou illisible', 'date_absente'],
  ['date illisible', 'date_illisible'],
  ['sens illisible', 'sens_illisible'],
  ['montant absent', 'montant_absent'],
  ['TRNAMT absent', 'montant_absent'],
  ['DTPOSTED absent', 'date_absente'],
  ['ligne CSV illisible', 'ligne_illisible'],
];

/** The server's reason in the screen's language, or `undefined` when it is not a known one. */
function raisonText(raison: string): string | undefined {
  const connue = RAISONS.find(([prefix]) => raison === prefix || raison.startsWith(`${prefix}:`));
  if (!connue) return i18n.language === 'fr' ? raison : undefined;
  const [prefix, key] = connue;
  const valeur = raison.slice(prefix.length + 1).trim();
  return String(i18n.t(`releves:raisons.${key}` as never, { valeur: ltrText(valeur) })).trim();
}

/** The common field codes of the mapping, said about the mapping. */
const MAPPING_CODES: Record<string, string> = {
  champ_obligatoire: 'mapping_requis',
  valeur_invalide: 'mapping_invalide',
};

/** The code of a field of a validation refusal: from `field_codes`, else a code-like message. */
function fieldCode(error: unknown, field: string): string | undefined {
  const body = apiErrorBody(error);
  if (!body) return undefined;
  const codes = [...(body.field_codes?.[field] ?? []), ...(body.errors?.[field] ?? [])].map((code) =>
    field === 'mapping' ? (MAPPING_CODES[code] ?? code) : code,
  );
  return codes.find((code) => code in RELEVES_CODES || FICHIER_CODES.includes(code));
}

/**
 * The message of a failed preview or import: what is wrong with the file (its format, a line that
 * cannot be read with its number and the server's reason, a mapping naming a missing column), or
 * the refusal's own message.
 */
export function fichierErrorText(error: unknown): string {
  const code = fieldCode(error, 'fichier') ?? fieldCode(error, 'mapping');
  if (code === 'releve_ligne_invalide') {
    const { ligne, raison } = (apiErrorBody(error) ?? {}) as LigneInvalide;
    if (ligne !== undefined) {
      const texte = raison ? raisonText(raison) : undefined;
      return texte
        ? i18n.t('releves:errors.releve_ligne_invalide_raison', { ligne, raison: texte })
        : i18n.t('releves:errors.releve_ligne_invalide_numero', { ligne });
    }
  }
  if (code) return i18n.t(RELEVES_CODES[code] as never);
  return releveErrorText(error);
}

/** The message of any failed statement call, by code; `fallback` for anything unexpected. */
export function releveErrorText(error: unknown, fallback: MessageKey = 'errors:general_error'): string {
  const code = apiErrorCode(error) as string | undefined;
  if (code === 'validation_failed') {
    const field = fieldCode(error, 'fichier') ?? fieldCode(error, 'mapping');
    if (field) return fichierErrorText(error);
  }
  return refusalText(error, RELEVES_CODES, fallback);
}
