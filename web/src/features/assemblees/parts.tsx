import { ArrowRight, Download, Loader2, Lock, RotateCcw, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadFile } from '@/api/download';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/page-parts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DisabledReason } from '@/components/ui/tooltip';
import { UserText } from '@/components/user-text';
import { selectUser } from '@/lib/auth/auth-slice';
import { cn } from '@/lib/cn';
import { useAppSelector } from '@/lib/store/hooks';
import {
  DOCUMENTS_ASSEMBLEE,
  documentAssembleePath,
  ETAPE_TERMINEE,
  CONVOCATION_AR_FALLBACK,
  type Assemblee,
  type DocumentAssemblee,
  type LangueDocument,
} from './assemblees-api';
import { etapesPath } from './paths';
import { pdfProblem } from './schemas';

/**
 * Why the user may not change a meeting, or null: the president alone writes (spec 3 §6); the
 * other council members read every step, the buttons disabled with this reason.
 */
export function usePresidentLock(): string | null {
  const { t } = useTranslation('common');
  return useAppSelector(selectUser)?.is_president === true ? null : t('permissions.onlyPresident');
}

/**
 * Why a step may no longer be changed, or null (spec 3 §2.5 "Timeline"): step 1 once the meeting
 * is convened (a convocation date, or past step 2); steps 2 to 5 once the meeting is finished
 * (the server refuses every write then, `assemblee_terminee`).
 */
export function etapeLockKey(
  assemblee: Pick<Assemblee, 'step' | 'date_convocation'>,
  etape: number,
): 'etapes.verrouConvocation' | 'etapes.verrouTerminee' | null {
  if (etape === 1) return assemblee.date_convocation || assemblee.step > 2 ? 'etapes.verrouConvocation' : null;
  if (etape >= 2 && etape <= 5) return assemblee.step >= ETAPE_TERMINEE ? 'etapes.verrouTerminee' : null;
  return null;
}

/** The president's lock, else the step's lock, as a text (or null when the step may change). */
export function useEtapeLock(assemblee: Pick<Assemblee, 'step' | 'date_convocation'> | undefined, etape: number) {
  const { t } = useTranslation('assemblees');
  const presidentLock = usePresidentLock();
  if (presidentLock) return presidentLock;
  const key = assemblee ? etapeLockKey(assemblee, etape) : null;
  return key ? t(key) : null;
}

/** A step page's frame: the back link to the timeline, its title, the meeting's title. */
export function EtapeFrame({
  assembleeId,
  title,
  titre,
  backTo,
  backLabel,
  lock,
  actions,
  children,
}: {
  assembleeId: number;
  title: ReactNode;
  titre?: string;
  backTo?: string;
  backLabel?: string;
  /** Why the page is read only: shown once at its top. */
  lock?: string | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('assemblees');
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title={title} description={titre ? <UserText>{titre}</UserText> : undefined} actions={actions}>
        <BackLink to={backTo ?? etapesPath(assembleeId)}>{backLabel ?? t('etapes.retour')}</BackLink>
      </PageHeader>
      {lock && (
        <Alert role="status" data-testid="etape-lecture-seule">
          <Lock aria-hidden="true" />
          <span>{lock}</span>
        </Alert>
      )}
      {children}
    </div>
  );
}

/** A step's loading skeleton, or its load error with a retry (spec 3 §8: "une erreur s'est produite"). */
export function EtapeLoading({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation('assemblees');
  if (isError)
    return (
      <Alert variant="destructive" data-testid="etape-erreur">
        <span>{t('etapes.loadError')}</span>
        <Button variant="outline" size="sm" onClick={onRetry} className="ms-auto">
          <RotateCcw aria-hidden="true" />
          {t('actions.reessayer')}
        </Button>
      </Alert>
    );
  return (
    <div className="grid gap-3" data-testid="etape-skeleton" aria-busy="true">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}

/**
 * A meeting's PDF, downloaded on click (spec 3 §7), under the server's name or the spec's default
 * (§9). A failure is only logged (§8).
 */
export function DocumentButton({
  assembleeId,
  document,
  label,
  langue = 'fr',
  disabledReason = null,
  variant = 'outline',
}: {
  assembleeId: number;
  document: DocumentAssemblee;
  label: string;
  /** `ar`: the Arabic version (the convocation only). */
  langue?: LangueDocument;
  disabledReason?: string | null;
  variant?: 'outline' | 'default';
}) {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      const fallback = langue === 'ar' ? CONVOCATION_AR_FALLBACK : DOCUMENTS_ASSEMBLEE[document].fallback;
      await downloadFile(documentAssembleePath(document, assembleeId, langue), fallback);
    } catch (error) {
      console.error('assemblee download failed', error);
    } finally {
      setPending(false);
    }
  }
  return (
    <DisabledReason reason={disabledReason}>
      <Button
        variant={variant}
        onClick={() => void download()}
        disabled={pending || disabledReason !== null}
        data-testid={langue === 'ar' ? `document-${document}-ar` : `document-${document}`}
      >
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        {label}
      </Button>
    </DisabledReason>
  );
}

/**
 * The convocation's two versions (issue 17: French, an Arabic version on request): the one in
 * the interface's language comes first, so an Arabic reader finds the Arabic one first.
 */
export function ConvocationButtons({ assembleeId }: { assembleeId: number }) {
  const { t, i18n } = useTranslation('assemblees');
  const francaise = (
    <DocumentButton key="fr" assembleeId={assembleeId} document="convocation" label={t('documents.convocation')} />
  );
  const arabe = (
    <DocumentButton
      key="ar"
      assembleeId={assembleeId}
      document="convocation"
      langue="ar"
      label={t('documents.convocationAr')}
    />
  );
  return i18n.language.startsWith('ar') ? [arabe, francaise] : [francaise, arabe];
}

/**
 * The button to the next step, enabled once the step's condition holds (spec 3 §4), else disabled
 * with the reason. It only opens the next step: the server derives the meeting's step from what
 * was recorded (the agenda, the convocation date, the start, the presences and votes).
 */
export function NextEtapeLink({ to, reason, children }: { to: string; reason: string | null; children: ReactNode }) {
  if (reason === null)
    return (
      <Button asChild>
        <Link to={to} data-testid="etape-suivante">
          {children}
          <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
        </Link>
      </Button>
    );
  return (
    <DisabledReason reason={reason}>
      <Button disabled data-testid="etape-suivante">
        {children}
        <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
      </Button>
    </DisabledReason>
  );
}

/**
 * PDFs chosen for an upload (spec 3 §5 "PDF uploads"): PDF only, at most 1 MB each, checked here
 * before anything is sent (the server checks the content again). A refused choice says why, under
 * the button, and sends nothing.
 */
export function PdfUpload({
  label,
  multiple = false,
  disabledReason = null,
  pending = false,
  onFiles,
  testId,
}: {
  label: string;
  multiple?: boolean;
  disabledReason?: string | null;
  pending?: boolean;
  onFiles: (files: File[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('assemblees');
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Choosing the same file again must fire a change.
    event.target.value = '';
    if (files.length === 0) return;
    const refused = files.flatMap((file) => {
      const problem = pdfProblem(file);
      return problem ? [t(`validation.${problem}`, { name: file.name })] : [];
    });
    setProblems(refused);
    if (refused.length === 0) onFiles(files);
  }

  const disabled = disabledReason !== null || pending;
  return (
    // justify-items-start: the button keeps its own width instead of stretching across the card.
    <div className="grid justify-items-start gap-1.5">
      <DisabledReason reason={disabledReason}>
        <Button
          asChild
          variant="outline"
          aria-disabled={disabled}
          className={cn(disabled && 'pointer-events-none opacity-50')}
        >
          <label htmlFor={inputId} data-testid={`${testId}-bouton`}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
            {label}
          </label>
        </Button>
      </DisabledReason>
      <input
        id={inputId}
        type="file"
        accept=".pdf,application/pdf"
        multiple={multiple}
        disabled={disabled}
        onChange={choose}
        className="sr-only"
        data-testid={testId}
      />
      {problems.map((problem) => (
        <p key={problem} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ))}
    </div>
  );
}
