import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { Button } from './button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from './sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('Dialog', () => {
  it('opens from its trigger and closes with the translated close button', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Dialog>
        <DialogTrigger asChild>
          <Button>Nouveau client</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Créer un client</DialogTitle>
          <DialogDescription>Nom et téléphone</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Nouveau client' }));
    expect(await screen.findByRole('dialog', { name: 'Créer un client' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Sheet', () => {
  it('opens a side panel on the logical end side', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Sheet>
        <SheetTrigger asChild>
          <Button>Encaisser</Button>
        </SheetTrigger>
        <SheetContent>
          <SheetTitle>Encaissement</SheetTitle>
          <SheetDescription>Cotisation, montant et date</SheetDescription>
        </SheetContent>
      </Sheet>,
    );
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    const panel = await screen.findByRole('dialog', { name: 'Encaissement' });
    expect(panel).toHaveClass('end-0');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Tabs', () => {
  it('shows the panel of the chosen tab', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Tabs defaultValue="encaissements">
        <TabsList>
          <TabsTrigger value="encaissements">Encaissements</TabsTrigger>
          <TabsTrigger value="restants">Restants dus</TabsTrigger>
        </TabsList>
        <TabsContent value="encaissements">Liste des paiements</TabsContent>
        <TabsContent value="restants">Liste des restants dus</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Liste des paiements');
    await user.click(screen.getByRole('tab', { name: 'Restants dus' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Liste des restants dus');
  });

  it('follows the direction of the language (Radix would force left to right)', async () => {
    await i18n.changeLanguage('ar');
    renderWithProviders(
      <Tabs defaultValue="encaissements">
        <TabsList>
          <TabsTrigger value="encaissements">Encaissements</TabsTrigger>
        </TabsList>
        <TabsContent value="encaissements">Liste des paiements</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel').closest('[dir]')).toHaveAttribute('dir', 'rtl');
  });
});

describe('DropdownMenu', () => {
  it('opens its menu in the direction of the language (Radix would force left to right)', async () => {
    await i18n.changeLanguage('ar');
    const user = userEvent.setup();
    renderWithProviders(
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Notifications</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Nouvelle annonce</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('menu')).toHaveAttribute('dir', 'rtl');
  });
});
