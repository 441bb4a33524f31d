import { createAction } from '@reduxjs/toolkit';
import type { User } from './types';

/**
 * Session facts learnt from the network. They are plain actions defined in the shared api layer so
 * that the session state (lib/auth) can follow them without depending on any feature.
 */
export const sessionLoaded = createAction<User>('session/loaded');
/** The server says nobody is signed in (401 unauthenticated), or the user signed out. */
export const sessionEnded = createAction('session/ended');
/** The server refused access because the user or the residence is deactivated (403). */
export const accessRevoked = createAction<{ userInactive: boolean; residenceInactive: boolean }>(
  'session/accessRevoked',
);
/** The session could not be checked for another reason (server error, network). */
export const sessionCheckFailed = createAction('session/checkFailed');
