import { combineReducers } from '@reduxjs/toolkit';
import { baseApi } from '@/api/base-api';
import { authReducer } from '@/lib/auth/auth-slice';

/**
 * The reducers of the one store. They live in the shared layer so that features can use typed
 * hooks without importing the app layer (dependency arrows: shared → features → app).
 */
export const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  auth: authReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
