import { generatedApi } from '@/api/generated';

export type { ModifierEmailResponse, ParametresResponse } from '@/api/generated';

/**
 * The settings' endpoints (spec 3 §7 "Settings, first login"). The generator tags them `compte`:
 * the settings are provided under it and every change invalidates it. The verification link is a
 * GET that spends its token: it provides nothing, so that no invalidation fetches it again.
 */
export const parametresApi = generatedApi.enhanceEndpoints({
  endpoints: {
    verifyEmail: { providesTags: [] },
  },
});

export const {
  useGetParametresQuery,
  useModifierEmailMutation,
  useModifierMotDePasseMutation,
  useSendVerificationEmailMutation,
  useLazyVerifyEmailQuery,
} = parametresApi;
