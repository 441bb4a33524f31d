/*
 * The expenses' contract types, written from docs/api-depenses.md until the server's OpenAPI
 * document has its paths (then `npm run gen:api` gives them, and depenses-api.ts re-exports the
 * generated names instead of these). Names follow the contract's entities.
 */

export interface Categorie {
  id: number;
  titre: string;
  description: string | null;
  /** A charge or works item names it: it cannot be deleted. */
  utilisee: boolean;
}

export interface CategorieRequest {
  titre: string;
  description: string | null;
}

export interface Gouvernorat {
  id: number;
  nom: string;
}

export type TypeFournisseur = 'particulier' | 'entreprise';

export interface Fournisseur {
  id: number;
  nom: string;
  /** 8 digits or null. */
  tel: string | null;
  type: TypeFournisseur;
  email: string | null;
  adresse: string | null;
  ville: string | null;
  gouvernorat: Gouvernorat | null;
  activite: string | null;
  identifiant: string | null;
  commentaire: string | null;
  /** A charge or works item names it: it cannot be deleted. */
  utilise: boolean;
}

export interface FournisseurRequest {
  nom: string;
  tel: string | null;
  type: TypeFournisseur;
  email: string | null;
  adresse: string | null;
  ville: string | null;
  gouvernorat: number | null;
  activite: string | null;
  identifiant: string | null;
  commentaire: string | null;
}

export interface FournisseurDialogRequest {
  nom: string;
  tel: string | null;
  type: TypeFournisseur;
}

export interface FournisseurChoix {
  id: number;
  nom: string;
}

export interface CategorieChoix {
  id: number;
  titre: string;
}

export type EtatPaiement = 'impaye' | 'partiel' | 'complet';

export type MethodePaiementDepense = 'espece' | 'cheque' | 'virement' | 'tpe' | 'enligne';

export interface DocumentDepense {
  id: number;
  titre: string;
  type: 'facture' | 'devis' | 'doc';
  content_type: string;
  taille: number;
  url: string;
  miniature_url: string;
}

export interface PaiementDepense {
  id: number;
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementDepense;
  reference_paiement: string | null;
  compte_id: number | null;
  is_closed: boolean;
}

export interface Charge {
  id: number;
  titre: string;
  montant_total: number;
  montant_paye: number;
  restant_du: number;
  etat_paiement: EtatPaiement;
  date_facture: string;
  categorie: { id: number; nom: string } | null;
  fournisseur: { id: number; nom: string };
  commentaire: string | null;
  is_closed: boolean;
  has_paiements: boolean;
}

export interface DepenseFiles {
  factures: DocumentDepense[];
  devis: DocumentDepense[];
  paiements: PaiementDepense[];
}

export type ChargeDetail = Charge & DepenseFiles;

export type Approbateur = 'assemblee' | 'vote';

export interface Travaux extends Charge {
  description: string | null;
  /** 1 approved, 0 refused, null undecided. */
  is_approved: 0 | 1 | null;
  approvable_type: Approbateur | null;
  approvable: { id: number; titre: string } | null;
}

export type TravauxDetail = Travaux & DepenseFiles;

export interface AgVoteChoix {
  id: number;
  titre: string;
}

export interface PaiementRequest {
  /** The charge's or works item's id. */
  id: number;
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementDepense;
  reference_paiement: string | null;
}

export interface ModifierPaiementRequest {
  /** The payment's id. */
  id: number;
  /** The charge's or works item's id. */
  depense_id: number;
  montant: number;
  date_paiement: string;
  methode_paiement: MethodePaiementDepense;
  reference_paiement: string | null;
}
