import { createColumnHelper } from '@tanstack/react-table';
import { CircleDollarSign, FileText, MessageSquareText, Send } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { Dinars } from '@/components/dinars';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { PhoneNumber } from '@/components/phone-number';
import { LockedButton } from '@/components/record-actions';
import { StatCard } from '@/components/stat-card';
import { UserText } from '@/components/user-text';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toaster';
import { formatDate } from '@/lib/dates';
import { formatDinars } from '@/lib/money';
import { formatTel } from '@/lib/phone';
import { useIdParam } from '@/lib/use-id-param';
import { EnvoyerSmsDialog } from './envoyer-sms-dialog';
import { LettreDialog } from './lettre-dialog';
import { recouvrementPaths } from './paths';
import {
  useRecouvrementOccupantQuery,
  type LettreRecouvrement,
  type MontantDuRecouvrement,
  type SmsMessage,
} from './recouvrement-api';
import { recouvrementErrorText } from './recouvrement-errors';
import { formatDateTime, smsEtatKey } from './sms';
import { useRecouvrementLock } from './use-recouvrement-lock';

const montantColumn = createColumnHelper<MontantDuRecouvrement>();
const smsColumn = createColumnHelper<SmsMessage>();
const lettreColumn = createColumnHelper<LettreRecouvrement>();

/** The first unpaid amount, the oldest (the server sends them oldest first). */
const OLDEST_ROW = 'bg-highlight/15 hover:bg-highlight/25';

/** Three tabs share a phone's width, each on two lines if need be. */
const TAB = 'h-auto min-h-8 flex-wrap py-1 text-center whitespace-normal sm:flex-nowrap sm:whitespace-nowrap';

/** A message's state (spec 1 §4): envoyé, échoué, en cours, or the gateway's word. */
function SmsEtatBadge({ etat }: { etat: string }) {
  const { t } = useTranslation('recouvrement');
  const key = smsEtatKey(etat);
  const variant =
    key === 'envoye' ? 'success' : key === 'echoue' ? 'destructive' : key === 'encours' ? 'warning' : 'outline';
  return (
    <Badge variant={variant} data-testid="sms-etat">
      {key ? t(`etats.${key}`) : etat}
    </Badge>
  );
}

/**
 * /syndic/recouvrement/sms-lettres/details/{occupantId} (spec 1 §2; issue 16): the debtor's name
 * and phone, what they owe and the SMS credits left, the send-SMS and letter dialogs (treasurer
 * or president; the others see them disabled with the reason), and three tabs: the unpaid amounts
 * (the oldest first, highlighted), the SMS sent with their state, the letters issued. An unknown
 * occupant: a toast, and the list again.
 */
export function OccupantDetailsPage() {
  const { t } = useTranslation(['recouvrement', 'common']);
  const navigate = useNavigate();
  const lock = useRecouvrementLock();
  const occupantId = useIdParam('occupantId');
  const { data, isLoading, isError, error, refetch } = useRecouvrementOccupantQuery(occupantId ?? 0, {
    skip: occupantId === null,
  });
  const [dialog, setDialog] = useState<'sms' | 'lettre' | null>(null);

  const code = apiErrorCode(error) as string | undefined;
  const unknown = occupantId === null || code === 'occupant_inconnu' || code === 'not_found';
  useEffect(() => {
    if (!unknown) return;
    // One toast even if the effect runs twice (StrictMode in development).
    toast.error(t('recouvrement:details.loadError'), {
      id: 'recouvrement-occupant-inconnu',
      description: recouvrementErrorText(error ?? { status: 404, data: { success: false, code: 'occupant_inconnu' } }),
    });
    void navigate(recouvrementPaths.smsLettres, { replace: true });
  }, [unknown, error, navigate, t]);

  const oldest = data?.montants_du[0];
  const montantColumns = useMemo(
    () => [
      montantColumn.accessor('cotisation_nom', {
        header: t('recouvrement:details.montants.cotisation'),
        cell: (info) => (
          <span className="flex flex-wrap items-center gap-2">
            <UserText className="font-medium">{info.getValue()}</UserText>
            {info.row.original === oldest && (
              <Badge variant="warning" data-testid="montant-plus-ancien">
                {t('recouvrement:details.oldest')}
              </Badge>
            )}
          </span>
        ),
        meta: { card: 'title' },
      }),
      montantColumn.accessor('propriete_nom', {
        header: t('recouvrement:details.montants.propriete'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
        meta: { card: 'subtitle' },
      }),
      montantColumn.accessor('date_echeance', {
        header: t('recouvrement:details.montants.dateEcheance'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDate(info.getValue())}</span>,
      }),
      montantColumn.accessor('restant_du', {
        header: t('recouvrement:details.montants.restantDu'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium text-destructive" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
    ],
    [t, oldest],
  );

  const smsColumns = useMemo(
    () => [
      smsColumn.accessor('contenu', {
        header: t('recouvrement:details.sms.contenu'),
        cell: (info) => (
          <span className="grid gap-0.5">
            <span dir="auto" className="line-clamp-3 max-w-md text-sm whitespace-pre-wrap">
              {info.getValue()}
            </span>
            <span className="text-xs text-muted-foreground">
              {t('recouvrement:details.sms.segments', { count: info.row.original.segments })}
            </span>
          </span>
        ),
        meta: { card: 'title' },
      }),
      smsColumn.accessor('tel', {
        header: t('recouvrement:details.sms.tel'),
        cell: (info) => <PhoneNumber tel={info.getValue()} />,
        meta: { searchText: (value: string) => formatTel(value) },
      }),
      smsColumn.accessor('sent_at', {
        header: t('recouvrement:details.sms.date'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
        meta: { searchText: (value: string) => formatDateTime(value) },
      }),
      smsColumn.accessor('sender_nom', {
        header: t('recouvrement:details.sms.expediteur'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
      }),
      smsColumn.accessor('etat', {
        header: t('recouvrement:details.sms.etat'),
        cell: (info) => <SmsEtatBadge etat={info.getValue()} />,
        meta: {
          card: 'badge',
          searchText: (value: string) => {
            const key = smsEtatKey(value);
            return key ? t(`recouvrement:etats.${key}`) : value;
          },
        },
      }),
    ],
    [t],
  );

  const lettreColumns = useMemo(
    () => [
      lettreColumn.accessor('lettre_type', {
        header: t('recouvrement:details.lettres.type'),
        cell: (info) => <span className="font-medium">{t(`recouvrement:lettreTypes.${info.getValue()}`)}</span>,
        meta: { card: 'title', searchText: (value: string) => t(`recouvrement:lettreTypes.${value as 'relance'}`) },
      }),
      lettreColumn.accessor('issued_at', {
        header: t('recouvrement:details.lettres.date'),
        cell: (info) => <span className="tabular whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
        meta: { card: 'subtitle', searchText: (value: string) => formatDateTime(value) },
      }),
      lettreColumn.accessor('issuer_nom', {
        header: t('recouvrement:details.lettres.emetteur'),
        cell: (info) => <UserText>{info.getValue()}</UserText>,
      }),
      lettreColumn.accessor('total', {
        header: t('recouvrement:details.lettres.total'),
        cell: (info) => <Dinars value={info.getValue()} className="font-medium" />,
        meta: { numeric: true, card: 'amount', searchText: (value: number) => formatDinars(value) },
      }),
    ],
    [t],
  );

  if (unknown) return null;
  const occupant = data?.occupant;
  const totalDu = data?.montants_du.reduce((sum, line) => sum + line.restant_du, 0);
  const tableProps = { isLoading, isError, error, onRetry: () => void refetch(), skeletonRows: 6 } as const;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={
          occupant ? (
            <UserText>{occupant.nom}</UserText>
          ) : isError ? (
            t('recouvrement:details.title')
          ) : (
            <Skeleton className="h-8 w-56" />
          )
        }
        description={occupant ? <PhoneNumber tel={occupant.tel} /> : undefined}
        actions={
          <>
            <LockedButton
              lock={lock}
              onClick={() => data && setDialog('sms')}
              variant="default"
              size="default"
              testId="ouvrir-sms"
            >
              <Send aria-hidden="true" />
              {t('recouvrement:details.envoyerSms')}
            </LockedButton>
            <LockedButton lock={lock} onClick={() => data && setDialog('lettre')} size="default" testId="ouvrir-lettre">
              <FileText aria-hidden="true" />
              {t('recouvrement:details.lettre')}
            </LockedButton>
          </>
        }
      >
        <BackLink to={recouvrementPaths.smsLettres}>{t('recouvrement:details.back')}</BackLink>
      </PageHeader>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
        <StatCard
          icon={<CircleDollarSign />}
          label={t('recouvrement:details.totalDu')}
          value={isError ? null : totalDu}
          testId="occupant-total-du"
        />
        <StatCard
          icon={<MessageSquareText />}
          label={t('recouvrement:details.creditsSms')}
          value={isError ? null : data?.credits_sms}
          format="count"
          testId="occupant-credits-sms"
        />
      </div>
      <Tabs defaultValue="montants">
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-fit">
          <TabsTrigger value="montants" className={TAB}>
            {t('recouvrement:details.tabs.montants')}
            {data && <span className="tabular text-xs text-muted-foreground">({data.montants_du.length})</span>}
          </TabsTrigger>
          <TabsTrigger value="sms" className={TAB}>
            {t('recouvrement:details.tabs.sms')}
            {data && <span className="tabular text-xs text-muted-foreground">({data.sms_messages.length})</span>}
          </TabsTrigger>
          <TabsTrigger value="lettres" className={TAB}>
            {t('recouvrement:details.tabs.lettres')}
            {data && <span className="tabular text-xs text-muted-foreground">({data.lettres.length})</span>}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="montants">
          <DataTable
            columns={montantColumns}
            data={data?.montants_du}
            {...tableProps}
            searchPlaceholder={t('recouvrement:details.montants.searchPlaceholder')}
            emptyMessage={t('recouvrement:details.montants.empty')}
            rowClassName={(row) => (row === oldest ? OLDEST_ROW : undefined)}
          />
        </TabsContent>
        <TabsContent value="sms">
          <DataTable
            columns={smsColumns}
            data={data?.sms_messages}
            {...tableProps}
            searchPlaceholder={t('recouvrement:details.sms.searchPlaceholder')}
            emptyMessage={t('recouvrement:details.sms.empty')}
            getRowId={(row) => String(row.id)}
          />
        </TabsContent>
        <TabsContent value="lettres">
          <DataTable
            columns={lettreColumns}
            data={data?.lettres}
            {...tableProps}
            searchPlaceholder={t('recouvrement:details.lettres.searchPlaceholder')}
            emptyMessage={t('recouvrement:details.lettres.empty')}
            getRowId={(row) => String(row.id)}
          />
        </TabsContent>
      </Tabs>
      {data && dialog === 'sms' && <EnvoyerSmsDialog details={data} onClose={() => setDialog(null)} />}
      {data && dialog === 'lettre' && <LettreDialog details={data} onClose={() => setDialog(null)} />}
    </div>
  );
}
