import { createSlice } from '@reduxjs/toolkit';
import { accessRevoked, sessionCheckFailed, sessionEnded, sessionLoaded } from '@/api/session-events';
import type { User } from '@/api/types';

/**
 * Session state (spec 1 §3 "Auth state: user, userInactive, residenceInactive").
 * `checked` tells the guards whether the server has been asked yet: before that they wait instead
 * of redirecting a signed-in user to /login.
 */
export interface AuthState {
  user: User | null;
  userInactive: boolean;
  residenceInactive: boolean;
  checked: boolean;
  /** The last session check failed for a reason other than being signed out or inactive. */
  checkFailed: boolean;
}

export const initialAuthState: AuthState = {
  user: null,
  userInactive: false,
  residenceInactive: false,
  checked: false,
  checkFailed: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionLoaded, (_state, action) => ({
        ...initialAuthState,
        user: action.payload,
        checked: true,
      }))
      .addCase(sessionEnded, () => ({ ...initialAuthState, checked: true }))
      .addCase(accessRevoked, (_state, action) => ({
        ...initialAuthState,
        userInactive: action.payload.userInactive,
        residenceInactive: action.payload.residenceInactive,
        checked: true,
      }))
      .addCase(sessionCheckFailed, (state) => {
        state.checked = true;
        state.checkFailed = true;
      });
  },
});

export const authReducer = authSlice.reducer;

interface WithAuth {
  auth: AuthState;
}

export const selectAuth = (state: WithAuth): AuthState => state.auth;
export const selectUser = (state: WithAuth): User | null => state.auth.user;
