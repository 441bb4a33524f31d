import { generatePath } from 'react-router';

/**
 * The statements' addresses (issue 22), under the reconciliation's. The account is the `compte`
 * query parameter, as on the reconciliation.
 */
export const relevesPaths = {
  /** The reconciliation page (the rapprochement module's), spelled here: a feature does not import another's paths. */
  rapprochement: '/syndic/banque/rapprochement',
  importer: '/syndic/banque/rapprochement/importer',
  releves: '/syndic/banque/rapprochement/releves',
  releve: '/syndic/banque/rapprochement/releves/:releveId',
} as const;

/** An address of the module for one account (`?compte=`), or without when none is chosen yet. */
export function withCompte(path: string, compte: number | undefined | null): string {
  return compte ? `${path}?compte=${compte}` : path;
}

/** /syndic/banque/rapprochement/releves/{releveId}. */
export function relevePath(releveId: number | string): string {
  return generatePath(relevesPaths.releve, { releveId: String(releveId) });
}

/**
 * The collections page of the revenue module (its address spelled here, as above): a statement's
 * money-in line with nothing in the books opens it with the line in the navigation state (the
 * amount, the date, the account), and the collection recorded comes back to the statement to be
 * pointed with the line.
 */
export const encaissementPrefillPath = '/syndic/revenus/encaissement';
