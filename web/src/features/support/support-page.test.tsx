import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStatus, installFakeServer, json, makeUser } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';

const president = makeUser({ is_syndic: true, is_president: true });
const coowner = makeUser({ id: 4, tel: '20000004' });

describe('support page', () => {
  it('shows the configured phone and WhatsApp link to a co-owner', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(coowner),
      'GET /api/support': () =>
        json(200, { success: true, tel: '+216 71 000 000', whatsapp_url: 'https://wa.me/21620000000' }),
    });
    renderRoute('/coproprietaire/support');
    expect(await screen.findByTestId('support-tel')).toHaveTextContent('+216 71 000 000');
    expect(screen.getByRole('link', { name: 'Appeler' })).toHaveAttribute('href', 'tel:+21671000000');
    expect(screen.getByTestId('support-whatsapp')).toHaveAttribute('href', 'https://wa.me/21620000000');
  });

  it('tells the syndic to ask around when no contact is configured', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(president),
      'GET /api/support': () => json(200, { success: true, tel: null, whatsapp_url: null }),
    });
    renderRoute('/syndic/support');
    expect(await screen.findByTestId('support-unconfigured')).toBeInTheDocument();
  });
});
