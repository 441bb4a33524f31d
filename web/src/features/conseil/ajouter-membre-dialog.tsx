import { Form, Formik } from 'formik';
import { Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAjouterMembreMutation, useGetCandidatsConseilQuery } from '@/api/generated';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ComboboxField } from '@/components/ui/combobox';
import { toast } from '@/components/ui/toaster';
import { ltrText } from '@/lib/bidi';
import { formatTel } from '@/lib/phone';
import { translateMessage } from '@/lib/translate-message';
import { object, string } from '@/lib/validation';
import { conseilErrorKey } from './conseil-errors';

/** Council add (spec 2 §5): a user is required. */
export const ajouterMembreSchema = object({ user: string().required('conseil:validation.userRequired') });

interface Values {
  user: string;
}

/** "Ajouter un membre": choose a residence user who is not in the council yet. */
export function AjouterMembreDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation(['conseil', 'common']);
  const candidats = useGetCandidatsConseilQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const [ajouterMembre] = useAjouterMembreMutation();

  const options = useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { sensitivity: 'base' });
    return [...(candidats.data?.users ?? [])]
      .sort((a, b) => collator.compare(a.nom, b.nom))
      .map((u) => ({
        value: String(u.id),
        label: u.nom,
        // Left to right inside an Arabic page ("+216 20 000 002", not "002 000 20 216+").
        description: u.tel ? ltrText(formatTel(u.tel)) : undefined,
        searchText: u.tel ?? '',
      }));
  }, [candidats.data, i18n.language]);

  async function submit(values: Values) {
    try {
      const { user } = await ajouterMembre({ ajouterMembreRequest: { user: Number(values.user) } }).unwrap();
      const nom = user.nom;
      toast.success(t('conseil:addDialog.added', { nom }));
      onOpenChange(false);
    } catch (error) {
      toast.error(translateMessage(conseilErrorKey(error, 'conseil:errors.addFailed')));
    }
  }

  const empty = candidats.isSuccess && options.length === 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('conseil:addDialog.title')}</DialogTitle>
          <DialogDescription>{t('conseil:addDialog.description')}</DialogDescription>
        </DialogHeader>
        <Formik<Values> initialValues={{ user: '' }} validationSchema={ajouterMembreSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate className="grid gap-4" aria-label={t('conseil:addDialog.title')}>
              <ComboboxField
                name="user"
                label={t('conseil:addDialog.user')}
                placeholder={
                  candidats.isFetching && !candidats.data
                    ? t('conseil:addDialog.loading')
                    : t('conseil:addDialog.userPlaceholder')
                }
                options={options}
                disabled={empty}
              />
              {candidats.isError && (
                <p className="text-sm font-medium text-destructive">{t('conseil:addDialog.loadError')}</p>
              )}
              {empty && <p className="text-sm text-muted-foreground">{t('conseil:addDialog.noCandidate')}</p>}
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting || empty}>
                  {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {t('conseil:addDialog.submit')}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </Formik>
      </DialogContent>
    </Dialog>
  );
}
