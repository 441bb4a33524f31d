import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useLogout } from './use-logout';

export function LogoutButton(props: Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const { logout, isLoggingOut } = useLogout();
  return (
    <Button variant="outline" {...props} onClick={() => void logout()} disabled={isLoggingOut || props.disabled}>
      <LogOut className="rtl:rotate-180" />
      {t('actions.logout')}
    </Button>
  );
}
