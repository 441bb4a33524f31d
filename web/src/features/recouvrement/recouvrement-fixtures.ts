import type { User } from '@/api/types';
import { authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import type { AchatsSmsResponse, CoprosSoldesResponse, OccupantDetailsResponse } from './recouvrement-api';

/** Test data: residence "Les Jasmins", two debtors, Sami Gharbi's details and two SMS packs. */
export const president = makeUser({ id: 1, nom: 'Leila Ben Salah', is_syndic: true, is_president: true });
export const tresorier = makeUser({ id: 2, nom: 'Amira Trabelsi', tel: '20000002', is_syndic: true, is_finance: true });
export const membre = makeUser({ id: 3, nom: 'Karim Jaziri', tel: '20000003', is_syndic: true });

export const soldes: CoprosSoldesResponse = {
  success: true,
  solde_total: 1349.5,
  nombre_coproprietaires: 2,
  occupants: [
    { occupant_id: 60, occupant_nom: 'Hedi Mabrouk', solde: 1234.5, proprietes: ['B2', 'Parking P1'] },
    { occupant_id: 50, occupant_nom: 'Sami Gharbi', solde: 115, proprietes: ['A5'] },
  ],
};

/** 129 characters of GSM-7: one SMS. */
export const TEMPLATE_FR =
  'Résidence Les Jasmins : bonjour Sami Gharbi, vous restez devoir 115,000 DT depuis le 15/05/2026. Merci de régulariser. Le syndic.';
/** 101 characters with Arabic letters: two SMS (UCS-2, 67 per part). */
export const TEMPLATE_AR =
  'إقامة الياسمين: مرحبا سامي الغربي، يبقى عليكم مبلغ 115,000 د.ت منذ 15/05/2026. نرجو التسوية. النقابة.';

export const detailsSami: OccupantDetailsResponse = {
  success: true,
  occupant: { id: 50, nom: 'Sami Gharbi', tel: '20000005' },
  sms_template: TEMPLATE_FR,
  sms_template_ar: TEMPLATE_AR,
  montants_du: [
    { cotisation_nom: 'Ravalement de façade', restant_du: 75, propriete_nom: 'A5', date_echeance: '2026-05-15' },
    { cotisation_nom: 'Charges courantes 2026', restant_du: 40, propriete_nom: 'A5', date_echeance: '2026-11-05' },
  ],
  sms_messages: [
    {
      id: 3,
      contenu: 'Rappel : 115,000 DT restent dus.',
      tel: '20000005',
      sent_at: '2026-11-10T09:30:00+01:00',
      etat: 'queued',
      sender_nom: 'Amira Trabelsi',
      segments: 1,
      credits: 1,
    },
    {
      id: 2,
      contenu: 'Rappel : 75,000 DT restent dus.',
      tel: '98123456',
      sent_at: '2026-10-01T09:30:00+01:00',
      etat: 'failed',
      sender_nom: 'Amira Trabelsi',
      segments: 1,
      credits: 1,
    },
    {
      id: 1,
      contenu: 'Rappel : 75,000 DT restent dus.',
      tel: '20000005',
      sent_at: '2026-06-01T09:30:00+01:00',
      etat: 'delivered',
      sender_nom: 'Leila Ben Salah',
      segments: 1,
      credits: 1,
    },
    {
      id: 0,
      contenu: 'Rappel ancien.',
      tel: '20000005',
      sent_at: '2026-05-20T09:30:00+01:00',
      etat: 'expired',
      sender_nom: 'Leila Ben Salah',
      segments: 1,
      credits: 1,
    },
  ],
  lettres: [
    {
      id: 1,
      lettre_type: 'dernierRappel',
      issued_at: '2026-10-15T10:00:00+01:00',
      issuer_nom: 'Amira Trabelsi',
      total: 115,
    },
  ],
  credits_sms: 1250,
};

export const achats: AchatsSmsResponse = {
  success: true,
  solde: 1250,
  achats_sms: [
    { id: 2, units: 1000, date_facture: '2026-09-01', total_ht: 60, total_ttc: 71.4 },
    { id: 1, units: 500, date_facture: '2026-01-15', total_ht: 32.5, total_ttc: 38.675 },
  ],
};

/** The fake server of the recovery's pages, answering as `user`. */
export function recouvrementServer(user: User, routes: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(user),
    'GET /api/recouvrement/copros-soldes': () => json(200, soldes),
    'GET /api/recouvrement/occupant-details': () => json(200, detailsSami),
    'GET /api/achats-sms': () => json(200, achats),
    ...routes,
  });
}
