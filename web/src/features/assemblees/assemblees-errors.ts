import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { errorMessageKey } from '@/lib/api-error-message';
import { translateMessage } from '@/lib/translate-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The assemblies' refusal codes (the domain's `AssembleesError`, issue 17), each with its text in
 * both languages. Keyed by string: the codes join the generated client with the server's routes.
 */
const ASSEMBLEES_CODES: Record<string, MessageKey> = {
  assemblee_introuvable: 'assemblees:erreurs.assemblee_introuvable',
  point_introuvable: 'assemblees:erreurs.point_introuvable',
  resolution_introuvable: 'assemblees:erreurs.resolution_introuvable',
  piece_jointe_introuvable: 'assemblees:erreurs.piece_jointe_introuvable',
  date_assemblee_hors_plage: 'assemblees:erreurs.date_assemblee_hors_plage',
  assemblee_non_supprimable: 'assemblees:erreurs.assemblee_non_supprimable',
  assemblee_convoquee: 'assemblees:erreurs.assemblee_convoquee',
  assemblee_terminee: 'assemblees:erreurs.assemblee_terminee',
  etape_non_atteinte: 'assemblees:erreurs.etape_non_atteinte',
  titre_point_invalide: 'assemblees:erreurs.titre_point_invalide',
  ordre_du_jour_vide: 'assemblees:erreurs.ordre_du_jour_vide',
  aucun_present: 'assemblees:erreurs.aucun_present',
  occupant_non_coproprietaire: 'assemblees:erreurs.occupant_non_coproprietaire',
  presences_non_enregistrees: 'assemblees:erreurs.presences_non_enregistrees',
  votes_incomplets: 'assemblees:erreurs.votes_incomplets',
  vote_invalide: 'assemblees:erreurs.vote_invalide',
  choix_invalides: 'assemblees:erreurs.choix_invalides',
  point_information: 'assemblees:erreurs.point_information',
  point_non_supprimable: 'assemblees:erreurs.point_non_supprimable',
  signataire_non_present: 'assemblees:erreurs.signataire_non_present',
  fin_avant_debut: 'assemblees:erreurs.fin_avant_debut',
  infos_finales_manquantes: 'assemblees:erreurs.infos_finales_manquantes',
  pv_signe_manquant: 'assemblees:erreurs.pv_signe_manquant',
  presence_signee_manquante: 'assemblees:erreurs.presence_signee_manquante',
};

/**
 * The assemblies' refusals (spec 3 §8 "Assemblies"): each failed action has its own toast
 * (created_error, update_error, …). Its description is this client's text for the code (an
 * assemblies code, or a common one: president only, not found, connection lost…), else the
 * server's own message, else nothing. Field refusals go under their fields with
 * lib/form-errors' `applyServerErrors`.
 */
export function assembleesErrorDetail(error: unknown): string | undefined {
  const code = apiErrorCode(error) as string | undefined;
  const own = code === undefined ? undefined : ASSEMBLEES_CODES[code];
  if (own) return translateMessage(own);
  const common = errorMessageKey(error);
  if (common !== 'errors:general_error') return translateMessage(common);
  return apiErrorBody(error)?.message || undefined;
}

/** The arguments of `toast.error` for a failed action: its title and the refusal's detail. */
export function failureToast(title: MessageKey, error: unknown): [string, { description?: string }] {
  const description = assembleesErrorDetail(error);
  return [translateMessage(title), description ? { description } : {}];
}
