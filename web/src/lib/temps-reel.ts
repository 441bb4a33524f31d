/**
 * The real-time channel of a browser tab (the chat's messages and read marks, the bell's
 * notifications; contract in docs/api-communaute.md "Real time"): one WebSocket to `/api/ws`,
 * shared by every subscriber of the tab, opened with the first subscriber and closed with the
 * last. The server authorises it with the session cookie.
 *
 * - A closed socket is opened again after 1 s, 2 s, 5 s, then every 10 s, while someone listens.
 * - On reopening it asks for what it missed: `?apres=<highest message id seen>`; subscribers of
 *   `reconnexion` read their data again (a mark or a notification sent meanwhile is not replayed).
 * - Nothing is sent on the socket: writing stays plain HTTP.
 *
 *   const stop = subscribeTempsReel('message', (event) => …);  // later: stop()
 */

/** A chat message as the server sends it (spec 3 §3 "Message"). */
export interface TempsReelMessage {
  id: number;
  message: string;
  user: { id: number; nom: string; primary_role: string };
  created_at: string;
  read_at: string | null;
}

export type TempsReelEvent =
  | { type: 'message'; conversation_id: number; message: TempsReelMessage }
  | { type: 'lu'; conversation_id: number; lecteur_id: number; read_at: string }
  | { type: 'notification' };

export type TempsReelType = TempsReelEvent['type'];
export type TempsReelOf<T extends TempsReelType> = Extract<TempsReelEvent, { type: T }>;

/** The waits before reopening a closed socket: the n-th attempt waits the n-th, the last repeats. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

type Listener = (event: TempsReelEvent) => void;

const listeners = new Map<TempsReelType, Set<Listener>>();
const reconnectListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let attempts = 0;
let everOpened = false;
let highestMessageId = 0;

function listenerCount(): number {
  let count = reconnectListeners.size;
  for (const set of listeners.values()) count += set.size;
  return count;
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = highestMessageId > 0 ? `?apres=${highestMessageId}` : '';
  return `${scheme}//${window.location.host}/api/ws${query}`;
}

function isEvent(value: unknown): value is TempsReelEvent {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function dispatch(event: TempsReelEvent): void {
  if (event.type === 'message') noteMessageId(event.message.id);
  for (const listener of [...(listeners.get(event.type) ?? [])]) listener(event);
}

function open(): void {
  if (socket !== null || listenerCount() === 0) return;
  const current = new WebSocket(socketUrl());
  socket = current;
  current.onopen = () => {
    attempts = 0;
    if (everOpened) for (const listener of [...reconnectListeners]) listener();
    everOpened = true;
  };
  current.onmessage = (message: MessageEvent) => {
    if (typeof message.data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.data);
    } catch {
      return; // Not ours: the contract sends JSON only.
    }
    if (isEvent(parsed)) dispatch(parsed);
  };
  current.onclose = () => {
    if (socket !== current) return;
    socket = null;
    scheduleReconnect();
  };
}

function scheduleReconnect(): void {
  if (retryTimer !== null || listenerCount() === 0) return;
  const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)];
  attempts += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    open();
  }, delay);
}

function closeIfUnused(): void {
  if (listenerCount() > 0) return;
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  const current = socket;
  socket = null;
  current?.close();
}

/** Calls `listener` for every event of `type` until the returned function is called. */
export function subscribeTempsReel<T extends TempsReelType>(
  type: T,
  listener: (event: TempsReelOf<T>) => void,
): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  listeners.set(type, set);
  const wrapped: Listener = (event) => listener(event as TempsReelOf<T>);
  set.add(wrapped);
  open();
  return () => {
    set.delete(wrapped);
    closeIfUnused();
  };
}

/** Calls `listener` each time the socket opens again after a loss (to read the data again). */
export function subscribeReconnexion(listener: () => void): () => void {
  reconnectListeners.add(listener);
  open();
  return () => {
    reconnectListeners.delete(listener);
    closeIfUnused();
  };
}

/** Records a message id the tab holds (read over HTTP), so that a reconnection asks only for newer ones. */
export function noteMessageId(id: number): void {
  if (id > highestMessageId) highestMessageId = id;
}

/** Forgets everything (tests, between two runs of the app in one page). */
export function resetTempsReel(): void {
  listeners.clear();
  reconnectListeners.clear();
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  const current = socket;
  socket = null;
  current?.close();
  attempts = 0;
  everOpened = false;
  highestMessageId = 0;
}
