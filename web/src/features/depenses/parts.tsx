import i18n from 'i18next';
import { FileText, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DisabledReason } from '@/components/ui/tooltip';
import { useIsFinance } from '@/lib/auth/use-change-lock';
import type { Depense, DocumentDepense, EtatPaiement, MethodePaiementDepense } from './depenses-api';

/**
 * A free text field (a title, a name, an address, a comment): its direction follows what is typed
 * (`38, rue Kamel Ataturk` stays in order on an Arabic page), right-aligned like the page's other
 * fields in Arabic.
 */
export const FREE_TEXT = { dir: 'auto', className: '[&_input]:rtl:text-right' } as const;

/**
 * A text typed by a user (a title, a name, a comment), shown with its own direction: on an Arabic
 * page a French sentence keeps its final period and parentheses where they belong.
 */
export function UserText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span dir="auto" className={className}>
      {children}
    </span>
  );
}

/** A user's text inside a translated sentence: isolated with its own direction on an Arabic page. */
export function userText(text: string): string {
  return i18n.dir() === 'rtl' ? `\u2068${text}\u2069` : text;
}

/** A supplier's phone grouped 2-3-3 ("20 123 456"), left to right; a dash when there is none. */
export function TelGroupe({ tel }: { tel: string | null }) {
  const { t } = useTranslation('common');
  if (!tel) return <span className="text-muted-foreground">{t('empty')}</span>;
  return (
    <span dir="ltr" className="tabular whitespace-nowrap">
      {telGroupe(tel)}
    </span>
  );
}

export function telGroupe(tel: string | null): string {
  if (!tel) return '';
  return /^\d{8}$/.test(tel) ? `${tel.slice(0, 2)} ${tel.slice(2, 5)} ${tel.slice(5)}` : tel;
}

/** The payment state's badge (spec 2 §2: complet = paid, partiel = partial, otherwise unpaid). */
export function EtatPaiementBadge({ etat }: { etat: EtatPaiement }) {
  const { t } = useTranslation('depenses');
  if (etat === 'complet')
    return (
      <Badge variant="success" data-testid="etat-paiement">
        {t('etat.complet')}
      </Badge>
    );
  if (etat === 'partiel')
    return (
      <Badge variant="warning" data-testid="etat-paiement">
        {t('etat.partiel')}
      </Badge>
    );
  return (
    <Badge variant="destructive" data-testid="etat-paiement">
      {t('etat.impaye')}
    </Badge>
  );
}

export function useEtatLabel(): (etat: EtatPaiement) => string {
  const { t } = useTranslation('depenses');
  return (etat) => (etat === 'complet' ? t('etat.complet') : etat === 'partiel' ? t('etat.partiel') : t('etat.impaye'));
}

/** A works item's approval (spec 2 §4: 1 approved, 0 refused, otherwise undecided). */
export function ApprovalBadge({ value }: { value: Depense['is_approved'] }) {
  const { t } = useTranslation('depenses');
  if (value === 1)
    return (
      <Badge variant="success" data-testid="approbation">
        {t('approbation.approuve')}
      </Badge>
    );
  if (value === 0)
    return (
      <Badge variant="destructive" data-testid="approbation">
        {t('approbation.refuse')}
      </Badge>
    );
  return (
    <Badge variant="secondary" data-testid="approbation">
      {t('approbation.indecis')}
    </Badge>
  );
}

export function useApprovalLabel(): (value: Depense['is_approved']) => string {
  const { t } = useTranslation('depenses');
  return (value) =>
    value === 1 ? t('approbation.approuve') : value === 0 ? t('approbation.refuse') : t('approbation.indecis');
}

export function useMethodeLabel(): (methode: MethodePaiementDepense) => string {
  const { t } = useTranslation('depenses');
  return (methode) => t(`methodes.${methode}`);
}

/**
 * An action of the treasurer: enabled when `lock` is null, else disabled with the reason
 * (spec 2 §6: "buttons disabled with a tooltip").
 */
export function LockedButton({
  lock,
  children,
  onClick,
  label,
  variant = 'outline',
  size = 'sm',
  testId,
  className,
}: {
  lock: string | null;
  children: ReactNode;
  onClick: () => void;
  label?: string;
  variant?: 'outline' | 'ghost' | 'default' | 'destructive';
  size?: 'sm' | 'icon' | 'default';
  testId?: string;
  className?: string;
}) {
  return (
    <DisabledReason reason={lock}>
      <Button
        variant={variant}
        size={size}
        className={className}
        disabled={lock !== null}
        onClick={onClick}
        aria-label={label}
        title={lock === null ? label : undefined}
        data-testid={testId}
      >
        {children}
      </Button>
    </DisabledReason>
  );
}

/** A link styled as a button, disabled with the reason when `lock` is not null. */
export function LockedLink({
  to,
  lock,
  children,
  label,
  variant = 'default',
  size = 'default',
  testId,
  className,
}: {
  to: string;
  lock: string | null;
  children: ReactNode;
  label?: string;
  variant?: 'outline' | 'ghost' | 'default';
  size?: 'sm' | 'icon' | 'default';
  testId?: string;
  className?: string;
}) {
  if (lock === null)
    return (
      <Button asChild variant={variant} size={size} className={className}>
        <Link to={to} aria-label={label} title={label} data-testid={testId}>
          {children}
        </Link>
      </Button>
    );
  return (
    <DisabledReason reason={lock}>
      <Button variant={variant} size={size} className={className} disabled aria-label={label} data-testid={testId}>
        {children}
      </Button>
    </DisabledReason>
  );
}

/** "Only the treasurer" for other members, else null. */
export function useFinanceLock(): string | null {
  const { t } = useTranslation('common');
  return useIsFinance() ? null : t('permissions.onlyFinancier');
}

/** The edit and delete icons of a row. */
export function RowActions({
  editTo,
  onEdit,
  editLabel,
  editLock,
  onDelete,
  deleteLabel,
  deleteLock,
  children,
}: {
  editTo?: string;
  onEdit?: () => void;
  editLabel: string;
  editLock: string | null;
  onDelete: () => void;
  deleteLabel: string;
  deleteLock: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center justify-end gap-1">
      {children}
      {editTo !== undefined ? (
        <LockedLink to={editTo} lock={editLock} label={editLabel} variant="ghost" size="icon" className="size-8">
          <Pencil />
        </LockedLink>
      ) : (
        <LockedButton
          lock={editLock}
          onClick={() => onEdit?.()}
          label={editLabel}
          variant="ghost"
          size="icon"
          className="size-8"
        >
          <Pencil />
        </LockedButton>
      )}
      <LockedButton
        lock={deleteLock}
        onClick={onDelete}
        label={deleteLabel}
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
      >
        <Trash2 />
      </LockedButton>
    </div>
  );
}

/**
 * The files attached to an expense (spec 2 §2 "thumbnails of invoices and quotes"): each one's
 * thumbnail (`miniature_url`, served to the residence's signed-in users), a click opening the file
 * itself in a new tab; `onDelete` adds a delete button per file, disabled with `deleteLock`.
 */
export function DocumentThumbnails({
  documents,
  emptyText,
  onDelete,
  deleteLock = null,
}: {
  documents: readonly DocumentDepense[];
  emptyText: string;
  onDelete?: (document: DocumentDepense) => void;
  deleteLock?: string | null;
}) {
  const { t } = useTranslation('depenses');
  if (documents.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="flex flex-wrap gap-3">
      {documents.map((document) => (
        <li key={document.id} className="relative grid w-28 gap-1" data-testid="document">
          <a
            href={document.url}
            target="_blank"
            rel="noopener noreferrer"
            className="relative flex aspect-square items-center justify-center overflow-hidden rounded-md border bg-muted/40 hover:ring-2 hover:ring-ring/40"
            title={t('documents.open', { titre: document.titre })}
            aria-label={t('documents.open', { titre: document.titre })}
          >
            {/* Seen when the thumbnail cannot be shown. */}
            <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
            <img
              src={document.miniature_url}
              alt=""
              loading="lazy"
              className="absolute inset-0 size-full bg-card object-contain"
              onError={(event) => {
                event.currentTarget.style.display = 'none';
              }}
            />
          </a>
          <span className="truncate text-xs" title={document.titre} dir="auto">
            {document.titre}
          </span>
          {onDelete && (
            <div className="absolute end-1 top-1">
              <LockedButton
                lock={deleteLock}
                onClick={() => onDelete(document)}
                label={t('documents.delete', { titre: document.titre })}
                variant="outline"
                size="icon"
                className="size-7 rounded-full bg-background/90 text-destructive"
              >
                <Trash2 className="size-3.5" />
              </LockedButton>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
