import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render';
import type { ChatMessage } from './chat-api';
import { AMIRA, chatServer, LEILA, president, relanceSami, SAMI, sami, tresorier } from './chat-fixtures';

const bodies = (calls: { body: string }[]) => calls.map((call) => JSON.parse(call.body) as unknown);
const texts = () => screen.getAllByTestId('chat-message').map((message) => message.textContent ?? '');

/** The tab's socket, opened by the server. */
async function liveSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.current();
  if (socket.readyState !== FakeWebSocket.OPEN) act(() => socket.serverOpen());
  return socket;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function setOnePaneViewport() {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

describe('syndic chat (/syndic/chat)', () => {
  it('lists the conversations with an unread marker, finds one by name, and opens it in the address', async () => {
    const user = userEvent.setup();
    chatServer(president);
    const { router } = renderRoute('/syndic/chat');
    const lines = await screen.findAllByTestId('chat-conversation');
    expect(lines.map((line) => line.getAttribute('data-unread'))).toEqual(['true', 'false']);
    expect(within(lines[0] as HTMLElement).getByRole('img', { name: 'Non lu' })).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent(relanceSami.message);

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une conversation' }), 'nour');
    expect(screen.getAllByTestId('chat-conversation')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher une conversation' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une conversation' }), 'personne');
    expect(screen.getByText('Aucune conversation trouvée')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher une conversation' }));

    await user.click(screen.getAllByTestId('chat-conversation')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?conversation=12'));
    expect(await screen.findByTestId('chat-titre')).toHaveTextContent('Sami Gharbi');
  });

  it('shows the others’ messages with their name and role, one’s own on the right with "Non lu" under the last', async () => {
    chatServer(president);
    renderRoute('/syndic/chat?conversation=12');
    await screen.findAllByTestId('chat-message');
    const messages = screen.getAllByTestId('chat-message');
    expect(messages.map((message) => message.getAttribute('data-own'))).toEqual(['false', 'true', 'false']);
    expect(messages[0]).toHaveTextContent('Sami Gharbi');
    expect(within(messages[0] as HTMLElement).getByTestId('chat-role')).toHaveTextContent('Propriétaire');
    expect(messages[1]).not.toHaveTextContent('Leila Ben Salah');
    expect(within(messages[1] as HTMLElement).getByTestId('chat-statut')).toHaveTextContent('Non lu');
    expect(messages[1]).toHaveTextContent('09:42');
  });

  it('marks an unread conversation read on opening, and takes its marker off', async () => {
    const server = chatServer(president);
    renderRoute('/syndic/chat?conversation=12');
    await waitFor(() => expect(bodies(server.calls('POST', '/api/conversation/mark-all-read'))).toEqual([{ id: 12 }]));
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-conversation').map((line) => line.getAttribute('data-unread'))).toEqual([
        'false',
        'false',
      ]),
    );
  });

  it('does not mark a conversation already read', async () => {
    const server = chatServer(president);
    renderRoute('/syndic/chat?conversation=13');
    expect(await screen.findByTestId('chat-message')).toHaveTextContent('La facture d’eau est arrivée.');
    expect(server.calls('POST', '/api/conversation/mark-all-read')).toHaveLength(0);
  });

  it('shows a message at once while it is sent, "Envoi en cours..." in the field, then the server’s version', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const server = chatServer(president, { 'POST /api/conversations/12/message': () => answer.promise });
    renderRoute('/syndic/chat?conversation=12');
    const field = await screen.findByRole('textbox', { name: 'Votre message' });
    await user.type(field, '  Vers 9 h.  ');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(field).toHaveAttribute('placeholder', 'Envoi en cours...'));
    expect(field).toHaveValue('');
    // The message shown while it is sent may come a render after the field's placeholder.
    await waitFor(() => expect(screen.getAllByTestId('chat-message').at(-1)).toHaveTextContent('Vers 9 h.'));
    const pending = screen.getAllByTestId('chat-message').at(-1) as HTMLElement;
    expect(pending).toHaveAttribute('data-pending', 'true');
    expect(bodies(server.calls('POST', '/api/conversations/12/message'))).toEqual([{ message: 'Vers 9 h.' }]);

    const saved: ChatMessage = {
      id: 104,
      message: 'Vers 9 h.',
      user: LEILA,
      created_at: '2026-11-24T10:06:00',
      read_at: null,
    };
    answer.resolve(json(200, { success: true, data: saved }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message').at(-1)).toHaveAttribute('data-pending', 'false'));
    expect(field).toHaveAttribute('placeholder', 'Écrivez votre message…');
    const last = screen.getAllByTestId('chat-message').at(-1) as HTMLElement;
    expect(within(last).getByTestId('chat-statut')).toHaveTextContent('Non lu');
    expect(screen.getAllByTestId('chat-statut')).toHaveLength(1);
  });

  it('takes a refused message out and puts its text back in the field', async () => {
    const user = userEvent.setup();
    chatServer(president, { 'POST /api/conversations/12/message': () => apiError(500, 'internal_error') });
    renderRoute('/syndic/chat?conversation=12');
    const field = await screen.findByRole('textbox', { name: 'Votre message' });
    await user.type(field, 'Vers 9 h.{Enter}');
    expect(await screen.findByText("Le message n'a pas pu être envoyé.")).toBeInTheDocument();
    expect(field).toHaveValue('Vers 9 h.');
    expect(texts()).toHaveLength(3);
    expect(texts().join(' ')).not.toContain('Vers 9 h.');
  });

  it('refuses a blank message under the field and sends nothing', async () => {
    const user = userEvent.setup();
    const server = chatServer(president);
    renderRoute('/syndic/chat?conversation=12');
    const field = await screen.findByRole('textbox', { name: 'Votre message' });
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Le message ne peut pas être vide.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST', '/api/conversations/12/message')).toHaveLength(0);
  });

  it('appends a message of another conversation member as it arrives, once, without reloading', async () => {
    const server = chatServer(tresorier);
    renderRoute('/syndic/chat?conversation=12');
    await screen.findAllByTestId('chat-message');
    const socket = await liveSocket();
    const reads = server.calls('GET', '/api/conversation/messages').length;
    const arrivee: ChatMessage = {
      id: 105,
      message: 'Je serai là à 9 h.',
      user: SAMI,
      created_at: '2026-11-24T10:10:00',
      read_at: null,
    };
    act(() => {
      socket.serverSend({ type: 'message', conversation_id: 12, message: arrivee });
      socket.serverSend({ type: 'message', conversation_id: 12, message: arrivee });
    });
    await waitFor(() => expect(texts().at(-1)).toContain('Je serai là à 9 h.'));
    expect(texts()).toHaveLength(4);
    expect(screen.getAllByTestId('chat-conversation')[0]).toHaveTextContent('Je serai là à 9 h.');
    expect(server.calls('GET', '/api/conversation/messages')).toHaveLength(reads);
    // The open conversation is read: the council's side says so to the server.
    await waitFor(() => expect(server.calls('POST', '/api/conversation/mark-all-read').length).toBeGreaterThan(1));
  });

  it('turns "Non lu" into "Vu" when the co-owner reads the conversation', async () => {
    chatServer(president);
    renderRoute('/syndic/chat?conversation=12');
    await screen.findAllByTestId('chat-message');
    const socket = await liveSocket();
    act(() =>
      socket.serverSend({ type: 'lu', conversation_id: 12, lecteur_id: SAMI.id, read_at: '2026-11-24T11:30:00' }),
    );
    await waitFor(() => expect(screen.getByTestId('chat-statut')).toHaveTextContent('Vu 24/11/2026 11:30'));
  });

  it('keeps "Non lu" when another council member reads the conversation', async () => {
    chatServer(president);
    renderRoute('/syndic/chat?conversation=12');
    await screen.findAllByTestId('chat-message');
    const socket = await liveSocket();
    act(() =>
      socket.serverSend({ type: 'lu', conversation_id: 12, lecteur_id: AMIRA.id, read_at: '2026-11-24T11:30:00' }),
    );
    // A message after the mark: once it shows, the mark has been handled.
    act(() =>
      socket.serverSend({
        type: 'message',
        conversation_id: 12,
        message: { id: 107, message: 'Je m’en occupe.', user: AMIRA, created_at: '2026-11-24T11:31:00', read_at: null },
      }),
    );
    await waitFor(() => expect(texts().at(-1)).toContain('Je m’en occupe.'));
    expect(screen.getByTestId('chat-statut')).toHaveTextContent('Non lu');
  });

  it('reads the list and the open conversation again after the connection comes back', async () => {
    const server = chatServer(president);
    renderRoute('/syndic/chat?conversation=12');
    await screen.findAllByTestId('chat-message');
    const socket = await liveSocket();
    const lists = server.calls('GET', '/api/conversations/liste').length;
    act(() => socket.serverDrop());
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(2), { timeout: 3_000 });
    expect(FakeWebSocket.current().url).toMatch(/\/api\/ws\?apres=103$/);
    act(() => FakeWebSocket.current().serverOpen());
    await waitFor(() => expect(server.calls('GET', '/api/conversations/liste').length).toBeGreaterThan(lists));
  });

  it('shows one pane at a time below 768 px, the conversation with a back button to the list', async () => {
    const user = userEvent.setup();
    setOnePaneViewport();
    chatServer(president);
    const { router } = renderRoute('/syndic/chat');
    await user.click((await screen.findAllByTestId('chat-conversation'))[1] as HTMLElement);
    expect(await screen.findByTestId('chat-pane')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-conversation')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retour aux conversations' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByTestId('chat-conversation')).toHaveLength(2);
    expect(screen.queryByTestId('chat-pane')).toBeNull();
  });

  it('says when the conversations cannot be read', async () => {
    chatServer(president, { 'GET /api/conversations/liste': () => apiError(500, 'internal_error') });
    renderRoute('/syndic/chat');
    expect(await screen.findByText('Erreur lors du chargement des conversations')).toBeInTheDocument();
  });

  it('says when the conversation cannot be read', async () => {
    chatServer(president);
    renderRoute('/syndic/chat?conversation=99');
    expect(await screen.findByText('Erreur lors du chargement de la conversation')).toBeInTheDocument();
  });
});

describe('co-owner chat (/coproprietaire/chat)', () => {
  it('shows the single conversation, the council’s messages with their role', async () => {
    chatServer(sami);
    renderRoute('/coproprietaire/chat');
    const messages = await screen.findAllByTestId('chat-message');
    expect(messages.map((message) => message.getAttribute('data-own'))).toEqual(['true', 'false', 'true']);
    expect(within(messages[1] as HTMLElement).getByTestId('chat-role')).toHaveTextContent('Président');
    expect(within(messages[2] as HTMLElement).getByTestId('chat-statut')).toHaveTextContent('Non lu');
  });

  it('sends a message to its conversation and shows the treasurer’s answer as it arrives', async () => {
    const user = userEvent.setup();
    const saved: ChatMessage = {
      id: 104,
      message: 'Merci !',
      user: SAMI,
      created_at: '2026-11-24T10:06:00',
      read_at: null,
    };
    const server = chatServer(sami, {
      'POST /api/conversations/12/message': () => json(200, { success: true, data: saved }),
    });
    renderRoute('/coproprietaire/chat');
    const field = await screen.findByRole('textbox', { name: 'Votre message' });
    await user.type(field, 'Merci !{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('chat-message').at(-1)).toHaveAttribute('data-pending', 'false'));
    expect(bodies(server.calls('POST', '/api/conversations/12/message'))).toEqual([{ message: 'Merci !' }]);

    const socket = await liveSocket();
    // The server also sends one's own message to the tab: it is not shown twice.
    act(() => socket.serverSend({ type: 'message', conversation_id: 12, message: saved }));
    act(() =>
      socket.serverSend({
        type: 'message',
        conversation_id: 12,
        message: { id: 106, message: 'Avec plaisir.', user: AMIRA, created_at: '2026-11-24T10:08:00', read_at: null },
      }),
    );
    await waitFor(() => expect(texts().at(-1)).toContain('Avec plaisir.'));
    expect(texts()).toHaveLength(5);
    expect(
      within(screen.getAllByTestId('chat-message').at(-1) as HTMLElement).getByTestId('chat-role'),
    ).toHaveTextContent('Trésorier');
  });
});

describe('chat in Arabic', () => {
  it('labels the roles and the read mark in Arabic, the messages as written', async () => {
    chatServer(sami);
    await i18n.changeLanguage('ar');
    renderRoute('/coproprietaire/chat');
    const messages = await screen.findAllByTestId('chat-message');
    expect(within(messages[1] as HTMLElement).getByTestId('chat-role')).toHaveTextContent('الرئيس');
    expect(within(messages[2] as HTMLElement).getByTestId('chat-statut')).toHaveTextContent('غير مقروء');
    expect(screen.getByRole('textbox', { name: 'رسالتك' })).toHaveAttribute('placeholder', 'اكتب رسالتك…');
  });
});
