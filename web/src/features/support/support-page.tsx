import { LifeBuoy, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGetSupportQuery } from '@/api/generated';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** A phone number as a `tel:` address (digits and a leading +). */
function telHref(tel: string): string {
  return `tel:${tel.replace(/[^\d+]/g, '')}`;
}

/**
 * The support page of both spaces (spec 3 §2.11 "Support: contact phone and a messaging-app
 * link"): the contact comes from the server's configuration (GET /api/support,
 * DAFTAR_SUPPORT_TEL and DAFTAR_SUPPORT_WHATSAPP).
 */
export function SupportPage() {
  const { t } = useTranslation('support');
  const { data, isLoading, isError, refetch } = useGetSupportQuery();
  const configured = Boolean(data?.tel || data?.whatsapp_url);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6" data-testid="support-page">
      <PageHeader title={t('title')} description={t('subtitle')} />
      {isError ? (
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">{t('loadError')}</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : isLoading ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : !configured ? (
        <Alert data-testid="support-unconfigured">
          <LifeBuoy aria-hidden="true" />
          <span>{t('unconfigured')}</span>
        </Alert>
      ) : (
        <Card>
          <CardContent className="grid gap-4 pt-6">
            {data?.tel && (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex items-center gap-3">
                  <div className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Phone aria-hidden="true" className="size-5" />
                  </div>
                  <div className="grid">
                    <span className="text-sm text-muted-foreground">{t('tel')}</span>
                    <span className="text-lg font-semibold" dir="ltr" data-testid="support-tel">
                      {data.tel}
                    </span>
                  </div>
                </div>
                <Button asChild variant="outline">
                  <a href={telHref(data.tel)}>{t('call')}</a>
                </Button>
              </div>
            )}
            {data?.whatsapp_url && (
              <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
                <div className="flex items-center gap-3">
                  <div className="flex size-10 items-center justify-center rounded-lg bg-success/10 text-success">
                    <MessageCircle aria-hidden="true" className="size-5" />
                  </div>
                  <div className="grid">
                    <span className="text-sm text-muted-foreground">{t('whatsapp')}</span>
                    <span className="text-sm">{t('whatsappHint')}</span>
                  </div>
                </div>
                <Button asChild>
                  <a href={data.whatsapp_url} target="_blank" rel="noopener noreferrer" data-testid="support-whatsapp">
                    {t('openWhatsapp')}
                  </a>
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
