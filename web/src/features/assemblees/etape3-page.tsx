import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { useIdParam } from '@/lib/use-id-param';
import { useEtape2AssembleeQuery } from './assemblees-api';
import { DocumentButton, EtapeFrame, EtapeLoading, NextEtapeLink } from './parts';
import { etapePath } from './paths';

/**
 * /syndic/assemblees/{id}/etapes/3 (spec 3 §2.5 "Step 3"): the attendance sheet and the draft
 * minutes to print for the meeting, then on to step 4 (always possible, spec 3 §4: the meeting
 * reaches step 4 when its start is recorded there).
 */
export function Etape3Page() {
  const { t } = useTranslation('assemblees');
  const id = useIdParam('assembleeId') ?? 0;
  const { data, isError, refetch } = useEtape2AssembleeQuery(id);
  const assemblee = data?.info;

  return (
    <EtapeFrame assembleeId={id} title={t('etapes.noms.3')} titre={assemblee?.titre}>
      {!assemblee ? (
        <EtapeLoading isError={isError} onRetry={() => void refetch()} />
      ) : (
        <>
          <Card>
            <CardContent className="grid gap-4 p-4 sm:p-6">
              <p className="text-muted-foreground">{t('etape3.explication')}</p>
              <div className="flex flex-wrap gap-2">
                <DocumentButton assembleeId={id} document="feuillePresence" label={t('documents.feuillePresence')} />
                <DocumentButton assembleeId={id} document="pvMinute" label={t('documents.pvMinute')} />
              </div>
            </CardContent>
          </Card>
          <div className="flex justify-end">
            <NextEtapeLink to={etapePath(id, 4)} reason={null}>
              {t('etape3.passerReunion')}
            </NextEtapeLink>
          </div>
        </>
      )}
    </EtapeFrame>
  );
}
