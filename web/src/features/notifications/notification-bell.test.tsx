import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, authStatus, installFakeServer, json, makeUser, type FakeHandler } from '@/testing/fake-server';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render';
import type { AppNotification } from './notifications-api';

const sami = makeUser({ id: 4, nom: 'Sami Gharbi' });

const voteOuvert: AppNotification = {
  id: 3,
  seen: false,
  icon: 'vote',
  title_key: 'vote_publie',
  // Sent at 09:05 UTC: 10:05 in Tunisia, whatever the browser's time zone.
  time: '2026-11-25T09:05:00Z',
  link: '/coproprietaire/votes',
};
const statutPanne: AppNotification = {
  id: 2,
  seen: false,
  icon: 'panne',
  title_key: 'panne_statut',
  time: '2026-11-24T16:20:00',
  link: null,
};
const ancienne: AppNotification = {
  id: 1,
  seen: true,
  icon: 'inconnue',
  title_key: 'cle_que_ce_client_ne_connait_pas',
  time: '2026-11-20T08:00:00',
  link: null,
};

function bellServer(markAllRead: FakeHandler = () => json(200, { success: true })) {
  return installFakeServer({
    'GET /api/auth/status': authStatus(sami),
    'GET /api/notifications': () => json(200, { success: true, data: [voteOuvert, statutPanne, ancienne] }),
    'POST /api/notifications/mark-all-read': markAllRead,
  });
}

async function openBell() {
  const user = userEvent.setup();
  const { router } = renderRoute('/coproprietaire/tableau-de-bord');
  await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
  await user.click(screen.getByTestId('notification-bell'));
  return { user, router };
}

describe('notification bell', () => {
  it('counts the unread notifications and lists every one with its title translated from its key', async () => {
    bellServer();
    await openBell();
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 non lues');
    const lines = within(screen.getByTestId('notification-list')).getAllByTestId('notification');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Un nouveau vote est ouvert25/11/2026 10:05'),
      expect.stringContaining("Le statut d'une panne a changé"),
      expect.stringContaining('Nouvelle notification'),
    ]);
  });

  it('marks them all read when the dropdown closes', async () => {
    const server = bellServer();
    const { user } = await openBell();
    expect(server.calls('POST', '/api/notifications/mark-all-read')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(server.calls('POST', '/api/notifications/mark-all-read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
  });

  it('shows them unread again when the server refuses', async () => {
    const server = bellServer(() => apiError(500, 'internal_error'));
    const { user } = await openBell();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(server.calls('POST', '/api/notifications/mark-all-read')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
  });

  it('opens the page a notification leads to', async () => {
    bellServer();
    const { user, router } = await openBell();
    await user.click(screen.getByText('Un nouveau vote est ouvert'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coproprietaire/votes'));
  });
});

describe('notification bell on the real-time channel', () => {
  it('reads the notifications again as soon as the server announces one', async () => {
    let list: AppNotification[] = [statutPanne];
    const server = installFakeServer({
      'GET /api/auth/status': authStatus(sami),
      'GET /api/notifications': () => json(200, { success: true, data: list }),
    });
    renderRoute('/coproprietaire/tableau-de-bord');
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('1'));
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.current();
    expect(socket.url).toBe('ws://localhost:3000/api/ws');
    const reads = server.calls('GET', '/api/notifications').length;
    list = [voteOuvert, statutPanne];
    act(() => {
      socket.serverOpen();
      socket.serverSend({ type: 'notification' });
    });
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
    expect(server.calls('GET', '/api/notifications')).toHaveLength(reads + 1);
  });
});
