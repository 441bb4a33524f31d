import { paths } from '@/app/paths';

/** The account settings' addresses (spec 3 §2.3: parametres, verify-email). */
export const parametresPaths = {
  parametres: paths.coproprietaire.parametres,
  verifyEmail: '/coproprietaire/verify-email',
} as const;
