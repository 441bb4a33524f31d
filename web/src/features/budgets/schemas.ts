import { array, object, string } from '@/lib/validation';
import type { Budget } from './budgets-api';

/**
 * The budget's edit (spec 2 §5 "Budget edit": titre required; decimals with a dot, e.g.
 * 120.500), mirroring the server's rules (docs/api-exercices.md "Budgets") so that a refusal is
 * rare. Messages are catalogue keys.
 */

export const TITRE_MAX_LENGTH = 200;

/** Dinars with a dot and at most three decimals ("120.500"); a comma is refused (spec 2 §5). */
export const MONTANT_BUDGET = /^\d+(\.\d{1,3})?$/;
const MAX_DINARS = 999_999_999;

export interface ElementValues {
  /** The element's id when it exists (kept by the server), null for a new one. */
  id: number | null;
  categorie_id: string;
  montant: string;
}

export interface BudgetValues {
  titre: string;
  /** '1' approved, '0' refused, '' undecided (spec 2 §4, as the works). */
  is_approved: '' | '0' | '1';
  approuve_par: '' | 'assemblee' | 'vote';
  ag: string;
  vote: string;
  commentaire: string;
  elements: ElementValues[];
}

export const emptyElement: ElementValues = { id: null, categorie_id: '', montant: '' };

/** The form's values from a budget as read. */
export function budgetValues(budget: Budget): BudgetValues {
  return {
    titre: budget.titre,
    is_approved: budget.is_approved === 1 ? '1' : budget.is_approved === 0 ? '0' : '',
    approuve_par: budget.approvable_type ?? '',
    ag: budget.approvable_type === 'assemblee' && budget.approvable_id !== null ? String(budget.approvable_id) : '',
    vote: budget.approvable_type === 'vote' && budget.approvable_id !== null ? String(budget.approvable_id) : '',
    commentaire: budget.commentaire ?? '',
    elements: budget.elements.map((element) => ({
      id: element.id,
      categorie_id: String(element.categorie_id),
      montant: String(element.montant),
    })),
  };
}

const montant = () =>
  string()
    .trim()
    .required('budgets:validation.montantRequired')
    .test('point', 'budgets:validation.montantPoint', (value) => {
      if (!value) return true;
      return MONTANT_BUDGET.test(value) && Number(value) <= MAX_DINARS;
    });

export const budgetSchema = object({
  titre: string()
    .trim()
    .required('budgets:validation.titreRequired')
    .max(TITRE_MAX_LENGTH, 'budgets:validation.titreTropLong'),
  commentaire: string(),
  elements: array()
    .of(
      object({
        categorie_id: string().required('budgets:validation.categorieRequired'),
        montant: montant(),
      }),
    )
    .test('unique', 'budgets:errors.categorie_en_double', function unique(elements) {
      const seen = new Set<string>();
      for (const [index, element] of (elements ?? []).entries()) {
        const categorie = element.categorie_id;
        if (!categorie) continue;
        if (seen.has(categorie)) {
          return this.createError({
            path: `${this.path}[${index}].categorie_id`,
            message: 'budgets:errors.categorie_en_double',
          });
        }
        seen.add(categorie);
      }
      return true;
    }),
});
