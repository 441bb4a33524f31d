import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { ReglementNode } from './reglements-api';

/** Test data: residence "Les Jasmins", its 2019 co-ownership regulation (current) and an older one. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const coproprietaire = makeUser({ id: 4, nom: 'Sami Gharbi', tel: '20000004' });

export function reglement(
  id: number,
  displayName: string,
  overrides: Partial<Omit<ReglementNode, 'id' | 'displayName'>> = {},
): ReglementNode {
  const name = overrides.name ?? `${id}-reglement.pdf`;
  return {
    path: name,
    name,
    displayName,
    type: 'file',
    format: 'pdf',
    children: [],
    id,
    is_current: false,
    commentaire: null,
    created_at: '2019-03-12T10:00:00Z',
    ...overrides,
  };
}

export const reglement2019 = reglement(2, 'Règlement de copropriété 2019', {
  is_current: true,
  commentaire: "Adopté par l'assemblée générale du 12 mars 2019.",
});

export const reglement2008 = reglement(1, 'Règlement intérieur 2008', {
  name: '1-reglement interieur.pdf',
  created_at: '2008-06-01T09:00:00Z',
});

/** The fake server of the regulations' pages, answering as `user`. */
export function reglementsServer(
  user: User,
  routes: Record<string, FakeHandler> = {},
  reglements: ReglementNode[] = [reglement2019, reglement2008],
) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/reglements': () => json(200, { success: true, reglements }),
    ...routes,
  });
}
