import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { chatServer, president, sami } from './chat-fixtures';

describe('syndic chat (/syndic/chat)', () => {
  it('lists the conversations with an unread marker and finds one by the resident’s name', async () => {
    const user = userEvent.setup();
    chatServer(president);
    renderRoute('/syndic/chat');
    const items = await screen.findAllByTestId('conversation');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Sami Gharbi'),
      expect.stringContaining('Nour Jlassi'),
    ]);
    expect(within(items[0]!).getByTestId('conversation-unread')).toBeInTheDocument();
    expect(within(items[1]!).queryByTestId('conversation-unread')).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un résident' }), 'jlass');
    expect(screen.getAllByTestId('conversation')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'personne');
    expect(screen.getByText('Aucune conversation trouvée')).toBeInTheDocument();
  });

  it('opens a conversation: senders with their role, "Vu" under my last message, and marks it read', async () => {
    const user = userEvent.setup();
    const server = chatServer(president);
    renderRoute('/syndic/chat');
    await user.click((await screen.findAllByTestId('conversation'))[0]!);
    const pane = await screen.findByTestId('chat-pane');
    await within(pane).findByText('Demain matin, entre 9 h et 11 h.');
    expect(
      within(pane)
        .getAllByTestId('chat-sender')
        .map((sender) => sender.textContent),
    ).toEqual(['Sami Gharbi · Propriétaire', 'Sami Gharbi · Propriétaire']);
    expect(within(pane).getByTestId('chat-read-state')).toHaveTextContent('Vu 09:42');
    await waitFor(() =>
      expect(server.calls('POST', '/api/conversation/mark-all-read').map((call) => JSON.parse(call.body))).toEqual([
        { id: 12 },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('conversation-unread')).toBeNull());
  });

  it('refuses an empty or blank message and sends nothing', async () => {
    const user = userEvent.setup();
    const server = chatServer(president);
    renderRoute('/syndic/chat?conversation=12');
    const form = await screen.findByRole('form', { name: 'Votre message' });
    await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
    expect(await within(form).findByText('Le message ne peut pas être vide.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
    expect(within(form).getByText('Le message ne peut pas être vide.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/conversations/12/message')).toHaveLength(0);
  });

  it('shows a sent message at once, then replaces it with the server’s version', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = chatServer(president, {
      'POST /api/conversations/12/message': async (request) => {
        const { message } = (await request.json()) as { message: string };
        await answered;
        return json(200, {
          success: true,
          data: {
            id: 4,
            message,
            user: { id: 1, nom: 'Leila Ben Salah', primary_role: 'president' },
            created_at: '2026-11-25T10:05:00',
            read_at: null,
          },
        });
      },
    });
    renderRoute('/syndic/chat?conversation=12');
    const form = await screen.findByRole('form', { name: 'Votre message' });
    await user.type(within(form).getByRole('textbox'), '  Le garage aussi, oui.  ');
    await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
    const sent = (await screen.findByText('Le garage aussi, oui.')).closest('li');
    expect(sent).toHaveAttribute('data-pending', 'true');
    expect(within(form).getByRole('textbox')).toHaveValue('');
    expect(within(form).getByRole('textbox')).toHaveAttribute('placeholder', 'Envoi en cours...');
    release();
    await waitFor(() =>
      expect(screen.getByText('Le garage aussi, oui.').closest('li')).not.toHaveAttribute('data-pending'),
    );
    // The server's time, not the browser's.
    expect(screen.getByTestId('chat-read-state').parentElement).toHaveTextContent('10:05 · Non lu');
    expect(server.calls('POST', '/api/conversations/12/message').map((call) => JSON.parse(call.body))).toEqual([
      { message: 'Le garage aussi, oui.' },
    ]);
  });

  it('takes a refused message out again and gives its text back', async () => {
    const user = userEvent.setup();
    chatServer(president, { 'POST /api/conversations/12/message': () => apiError(500, 'internal_error') });
    renderRoute('/syndic/chat?conversation=12');
    const form = await screen.findByRole('form', { name: 'Votre message' });
    await user.type(within(form).getByRole('textbox'), 'Bien reçu.');
    await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText("Le message n'a pas pu être envoyé.")).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox')).toHaveValue('Bien reçu.'));
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(3);
  });

  it('shows one pane at a time on a phone, with a back button to the list', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(max-width: 767px)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    chatServer(president);
    renderRoute('/syndic/chat');
    await user.click((await screen.findAllByTestId('conversation'))[0]!);
    expect(await screen.findByTestId('chat-pane')).toBeInTheDocument();
    expect(screen.queryByTestId('conversation')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retour aux conversations' }));
    expect(await screen.findAllByTestId('conversation')).toHaveLength(2);
    expect(screen.queryByTestId('chat-pane')).toBeNull();
    vi.restoreAllMocks();
  });

  it('says when the conversations cannot be loaded', async () => {
    chatServer(president, { 'GET /api/conversations/liste': () => apiError(500, 'internal_error') });
    renderRoute('/syndic/chat');
    expect(await screen.findByText('Erreur lors du chargement des conversations')).toBeInTheDocument();
  });
});

describe('co-owner chat (/coproprietaire/chat)', () => {
  it('shows the one conversation with the syndic, the syndic’s messages with the president’s role', async () => {
    chatServer(sami);
    renderRoute('/coproprietaire/chat');
    const pane = await screen.findByTestId('chat-pane');
    await within(pane).findByText('Demain matin, entre 9 h et 11 h.');
    expect(within(pane).getByTestId('chat-sender')).toHaveTextContent('Leila Ben Salah · Président');
    expect(within(pane).getByTestId('chat-read-state')).toHaveTextContent('Vu 09:05');
    expect(screen.getByTestId('nav-chat')).toHaveAttribute('href', '/coproprietaire/chat');
  });

  it('says when the conversation cannot be loaded', async () => {
    chatServer(sami, { 'GET /api/conversation': () => apiError(500, 'internal_error') });
    renderRoute('/coproprietaire/chat');
    expect(await screen.findByText('Erreur lors du chargement de la conversation')).toBeInTheDocument();
  });
});
