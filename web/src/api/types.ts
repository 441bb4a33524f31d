import type { components } from './schema';

/**
 * Hand-written contract types shared by the whole client, for the parts of the server contract
 * that are not (yet) in the generated OpenAPI types: the auth session and the error envelope.
 */

/**
 * Every stable error code of the server (schemas/errors.json), from the generated OpenAPI types.
 * Error maps are typed `Partial<Record<ErrorCode, MessageKey>>`, so a misspelt code does not compile.
 */
export type ErrorCode = components['schemas']['ErrorCode'];

/** Every error body of the server: the client branches on `code`, never on the HTTP status. */
export interface ApiErrorBody {
  success: false;
  code: ErrorCode;
  message: string;
  /** Field messages of a validation failure (French), keyed by request field name. */
  errors?: Record<string, string[]>;
  /**
   * The codes of those messages, same keys as `errors` (`{montant: ["montant_positif"]}`): the
   * client shows `errors:fields.<code>` in the user's language, the French text when it does not
   * know the code. Declared here until the generated types have it.
   */
  field_codes?: Record<string, string[]>;
}

/** Permission keys granted per co-owner by the syndic (spec 3 §2.4, §6). */
export type FeatureKey =
  | 'see.recettes'
  | 'see.charges'
  | 'see.travaux'
  | 'see.rapports_financiers'
  | 'see.budgets'
  | 'see.contrats.recettes'
  | 'see.contrats.depenses'
  | 'see.dashboard.tresorerie'
  | 'see.dashboard.recettes_depenses'
  | 'see.dashboard.repartition_charges';

export interface Residence {
  id: number;
  nom: string;
}

export type Gender = 'homme' | 'femme';

/** The signed-in user as returned by `POST /login` and `GET /api/auth/status` (spec 1 §3). */
export interface User {
  id: number;
  nom: string;
  tel: string;
  email: string | null;
  birthday: string | null;
  gender: Gender | null;
  is_syndic: boolean;
  is_finance: boolean;
  is_president: boolean;
  /** Unknown keys may appear as the server adds permissions: read them through `hasFeature`. */
  features: Partial<Record<FeatureKey, boolean>> & Record<string, boolean | undefined>;
  is_registration_finalized: boolean;
  residence: Residence;
}

export interface AuthStatusResponse {
  success: true;
  user: User;
}

export interface LoginRequest {
  tel: string;
  password: string;
}

export interface LoginResponse {
  success: true;
  user: User;
}

export interface SuccessResponse {
  success: true;
}
