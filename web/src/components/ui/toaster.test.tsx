import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { toast } from './toaster';

describe('Toaster', () => {
  it("names its region and a toast's close button in the page's language, not in Sonner's English", async () => {
    await i18n.changeLanguage('ar');
    // The app's providers hold the one toaster.
    renderWithProviders(<p>page</p>);
    act(() => {
      toast.success('تم الحفظ');
    });
    expect(await screen.findByText('تم الحفظ')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^تنبيهات التطبيق/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Notifications/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close toast' })).toBeNull();
  });
});
