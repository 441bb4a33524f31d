import { generatedApi } from '@/api/generated';

/*
 * The debt recovery's endpoints (spec 1 §7 "recouvrement", "achats-sms"; issue 16), written by
 * hand while the server's routes are being built. Amounts are DT (numbers, up to 3 decimals),
 * dates `yyyy-MM-dd`, timestamps RFC 3339. The recovery list and the SMS purchases are kept
 * 10 minutes, an occupant's details 5 (spec 1 §9). A letter (`GET /recouvrement/lettre-pdf`) is a
 * file, downloaded with api/download.ts, not an endpoint.
 */

/** A co-owner who owes money today. */
export interface OccupantSolde {
  occupant_id: number;
  occupant_nom: string;
  /** What they owe, in DT. */
  solde: number;
  /** The names of their properties. */
  proprietes: string[];
}

/** GET /recouvrement/copros-soldes: the debtors, the largest balance first. */
export interface CoprosSoldesResponse {
  success: boolean;
  solde_total: number;
  nombre_coproprietaires: number;
  occupants: OccupantSolde[];
}

export interface MontantDuRecouvrement {
  cotisation_nom: string;
  restant_du: number;
  propriete_nom: string;
  date_echeance: string;
}

/** The gateway's states (spec 1 §4 "SMS state"); another value is shown as sent. */
export type SmsEtat = 'queued' | 'sent' | 'delivered' | 'failed';

export interface SmsMessage {
  id: number;
  contenu: string;
  tel: string;
  sent_at: string;
  etat: SmsEtat | (string & {});
  sender_nom: string;
  segments: number;
  credits: number;
}

export type LettreType = 'relance' | 'dernierRappel';

export interface LettreRecouvrement {
  id: number;
  lettre_type: LettreType;
  issued_at: string;
  issuer_nom: string;
  total: number;
}

/** GET /recouvrement/occupant-details?occupant_id (404 `occupant_inconnu`). */
export interface OccupantDetailsResponse {
  success: boolean;
  occupant: { id: number; nom: string; tel: string | null };
  /** The SMS filled for this occupant, in French and in Arabic. */
  sms_template: string;
  sms_template_ar: string;
  /** The unpaid amounts, oldest due date first. */
  montants_du: MontantDuRecouvrement[];
  sms_messages: SmsMessage[];
  lettres: LettreRecouvrement[];
  /** The residence's SMS credits left. */
  credits_sms: number;
}

export type SmsLangue = 'fr' | 'ar';

export interface EnvoyerSmsArgs {
  occupant_id: number;
  /** Another 8-digit number than the occupant's; left out for theirs. */
  tel?: string;
  langue?: SmsLangue;
  /** One per dialog opening: a double submit is one message. */
  idempotencyKey: string;
}

export interface EnvoyerSmsGroupeArgs {
  montant_minimum: number;
  apercu: boolean;
  idempotencyKey?: string;
}

/** `apercu: true`: who would be reminded and what it would cost. */
export interface ApercuSmsGroupe {
  success: boolean;
  destinataires: number;
  credits: number;
  credits_sms: number;
}

/** `apercu: false`: what was sent. */
export interface EnvoiSmsGroupe {
  success: boolean;
  envoyes: number;
  echecs: number;
  credits: number;
}

export interface AchatSms {
  id: number;
  units: number;
  date_facture: string;
  total_ht: number;
  total_ttc: number;
}

/** GET /achats-sms: the credits left and the packs bought. */
export interface AchatsSmsResponse {
  success: boolean;
  solde: number;
  achats_sms: AchatSms[];
}

const TEN_MINUTES = 600;
const FIVE_MINUTES = 300;

const TAGS = ['recouvrementSoldes', 'recouvrementOccupant', 'achatsSms'] as const;

// Names unlike the server's operation ids (getCoprosSoldes, envoyerSms, getAchatsSms…): the
// generated client defines those once the server lands, and an injected name already defined is
// ignored.
export const recouvrementApi = generatedApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /recouvrement/copros-soldes (syndic). */
    recouvrementSoldes: build.query<CoprosSoldesResponse, void>({
      query: () => ({ url: '/api/recouvrement/copros-soldes' }),
      // 'cotisations': a collection, a call or its correction changes who owes what.
      providesTags: ['recouvrementSoldes', 'cotisations'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
    /** GET /recouvrement/occupant-details?occupant_id (syndic). */
    recouvrementOccupant: build.query<OccupantDetailsResponse, number>({
      query: (occupantId) => ({ url: '/api/recouvrement/occupant-details', params: { occupant_id: occupantId } }),
      providesTags: (_result, _error, occupantId) => [{ type: 'recouvrementOccupant', id: occupantId }, 'cotisations'],
      keepUnusedDataFor: FIVE_MINUTES,
    }),
    /** POST /recouvrement/envoyer-sms (finance or president), with its Idempotency-Key. */
    recouvrementEnvoyerSms: build.mutation<{ success: boolean; sms_message: SmsMessage }, EnvoyerSmsArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/api/recouvrement/envoyer-sms',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, _error, { occupant_id }) => [
        { type: 'recouvrementOccupant', id: occupant_id },
        'achatsSms',
      ],
    }),
    /** POST /recouvrement/envoyer-sms-groupe (finance or president): the preview or the sending. */
    recouvrementApercuGroupe: build.mutation<ApercuSmsGroupe, number>({
      query: (montantMinimum) => ({
        url: '/api/recouvrement/envoyer-sms-groupe',
        method: 'POST',
        body: { montant_minimum: montantMinimum, apercu: true },
      }),
    }),
    recouvrementEnvoyerGroupe: build.mutation<EnvoiSmsGroupe, { montantMinimum: number; idempotencyKey: string }>({
      query: ({ montantMinimum, idempotencyKey }) => ({
        url: '/api/recouvrement/envoyer-sms-groupe',
        method: 'POST',
        body: { montant_minimum: montantMinimum, apercu: false },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['recouvrementOccupant', 'achatsSms'],
    }),
    /** GET /achats-sms (syndic). */
    recouvrementAchatsSms: build.query<AchatsSmsResponse, void>({
      query: () => ({ url: '/api/achats-sms' }),
      providesTags: ['achatsSms'],
      keepUnusedDataFor: TEN_MINUTES,
    }),
  }),
});

export const {
  useRecouvrementSoldesQuery,
  useRecouvrementOccupantQuery,
  useRecouvrementEnvoyerSmsMutation,
  useRecouvrementApercuGroupeMutation,
  useRecouvrementEnvoyerGroupeMutation,
  useRecouvrementAchatsSmsQuery,
} = recouvrementApi;

/** GET /recouvrement/lettre-pdf: a reminder letter (PDF, its name in x-file-name). */
export function lettrePdfPath(occupantId: number, lettreType: LettreType, lang: SmsLangue): string {
  const query = new URLSearchParams({ occupant_id: String(occupantId), lettre_type: lettreType, lang });
  return `/api/recouvrement/lettre-pdf?${query.toString()}`;
}
