import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { noteMessageId, subscribeReconnexion, subscribeTempsReel, type TempsReelEvent } from './temps-reel';

const message = (id: number): TempsReelEvent => ({
  type: 'message',
  conversation_id: 12,
  message: {
    id,
    message: 'Bonjour',
    user: { id: 4, nom: 'Sami Gharbi', primary_role: 'proprietaire' },
    created_at: '2026-11-24T09:15:00Z',
    read_at: null,
  },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the real-time channel of a tab', () => {
  it('opens one socket to /api/ws for every subscriber, and closes it with the last', () => {
    const stopMessages = subscribeTempsReel('message', () => undefined);
    const stopNotifications = subscribeTempsReel('notification', () => undefined);
    expect(FakeWebSocket.instances.map((socket) => socket.url)).toEqual(['ws://localhost:3000/api/ws']);
    stopMessages();
    expect(FakeWebSocket.current().readyState).not.toBe(FakeWebSocket.CLOSED);
    stopNotifications();
    expect(FakeWebSocket.instances[0]?.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it('gives each event to the subscribers of its type only, and ignores a frame that is not JSON', () => {
    const messages: TempsReelEvent[] = [];
    const notifications: TempsReelEvent[] = [];
    subscribeTempsReel('message', (event) => messages.push(event));
    subscribeTempsReel('notification', (event) => notifications.push(event));
    const socket = FakeWebSocket.current();
    socket.serverOpen();
    socket.serverSend(message(7));
    socket.serverSend({ type: 'notification' });
    socket.onmessage?.(new MessageEvent('message', { data: 'pas du json' }));
    expect(messages).toEqual([message(7)]);
    expect(notifications).toEqual([{ type: 'notification' }]);
  });

  it('reopens a lost socket after 1 s, 2 s, 5 s then every 10 s, asking for the messages after the newest it holds', () => {
    vi.useFakeTimers();
    const reconnexions: number[] = [];
    subscribeTempsReel('message', () => undefined);
    subscribeReconnexion(() => reconnexions.push(Date.now()));
    FakeWebSocket.current().serverOpen();
    noteMessageId(40);
    FakeWebSocket.current().serverSend(message(42));
    expect(reconnexions).toHaveLength(0);

    const waits = [1_000, 2_000, 5_000, 10_000, 10_000];
    for (const wait of waits) {
      const before = FakeWebSocket.instances.length;
      FakeWebSocket.instances.at(-1)?.serverDrop();
      vi.advanceTimersByTime(wait - 1);
      expect(FakeWebSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
    }
    expect(FakeWebSocket.current().url).toBe('ws://localhost:3000/api/ws?apres=42');
    expect(reconnexions).toHaveLength(0);
    FakeWebSocket.current().serverOpen();
    expect(reconnexions).toHaveLength(1);

    // Once open again, the next loss waits 1 s again.
    FakeWebSocket.current().serverDrop();
    const before = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
  });

  it('does not reopen a socket nobody listens to', () => {
    vi.useFakeTimers();
    const stop = subscribeTempsReel('lu', () => undefined);
    FakeWebSocket.current().serverOpen();
    FakeWebSocket.current().serverDrop();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
