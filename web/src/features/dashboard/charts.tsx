import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Dinars } from '@/components/dinars';
import { UserText } from '@/components/user-text';
import { dinarsText } from '@/lib/bidi';
import { DONUT_COLOURS } from '@/lib/chart-colours';
import { formatDinars } from '@/lib/money';
import type { CategorieDepense, MoisMontant } from './dashboard-api';

export { DONUT_COLOURS };

const REVENUS_COLOUR = 'oklch(0.55 0.12 155)';
const DEPENSES_COLOUR = 'oklch(0.6 0.17 27)';

/** A month (`2026-03`) as the language names it: "mars 26", "مارس 26". */
export function moisCourt(mois: string, language: string): string {
  const [annee = 2000, numero = 1] = mois.split('-').map(Number);
  const date = new Date(Date.UTC(annee, numero - 1, 1));
  const nom = new Intl.DateTimeFormat(language.startsWith('ar') ? 'ar-TN' : 'fr-FR', {
    month: 'short',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(date);
  return `${nom} ${String(annee).slice(2)}`;
}

/** Whole dinars on the axis, grouped as amounts are ("12 500"). */
function axisAmount(value: number): string {
  return formatDinars(Math.round(value)).replace(/,\d{3}.*$/, '');
}

/**
 * The income and expense area chart of the period's months (spec 3 §2.10), read right to left in
 * Arabic (the first month at the right, the amounts' axis on the right). The period's totals are
 * written under it, for every reader.
 */
export function RevenusDepensesChart({ revenus, depenses }: { revenus: MoisMontant[]; depenses: MoisMontant[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const rtl = i18n.dir() === 'rtl';
  const gradient = useId().replace(/:/g, '');
  const data = revenus.map((mois, index) => ({
    mois: moisCourt(mois.mois, i18n.language),
    revenus: mois.montant,
    depenses: depenses[index]?.montant ?? 0,
  }));
  const totalRevenus = revenus.reduce((sum, mois) => sum + mois.montant, 0);
  const totalDepenses = depenses.reduce((sum, mois) => sum + mois.montant, 0);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3" data-testid="chart-revenus-depenses">
      <div className="h-64 w-full sm:h-72" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <defs>
              <linearGradient id={`${gradient}-r`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor={REVENUS_COLOUR} stopOpacity={0.35} />
                <stop offset="95%" stopColor={REVENUS_COLOUR} stopOpacity={0.02} />
              </linearGradient>
              <linearGradient id={`${gradient}-d`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor={DEPENSES_COLOUR} stopOpacity={0.3} />
                <stop offset="95%" stopColor={DEPENSES_COLOUR} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="mois"
              reversed={rtl}
              tickLine={false}
              axisLine={false}
              tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
            />
            <YAxis
              orientation={rtl ? 'right' : 'left'}
              tickLine={false}
              axisLine={false}
              width={64}
              tickFormatter={axisAmount}
              tick={{ fontSize: 11, fill: 'var(--muted-foreground)' }}
            />
            <Tooltip
              formatter={(value, name) => [
                dinarsText(Number(value)),
                name === 'revenus' ? t('graphique.revenus') : t('graphique.depenses'),
              ]}
              contentStyle={{ borderRadius: 8, fontSize: 12, direction: rtl ? 'rtl' : 'ltr' }}
            />
            <Area
              type="monotone"
              dataKey="revenus"
              stroke={REVENUS_COLOUR}
              strokeWidth={2}
              fill={`url(#${gradient}-r)`}
              isAnimationActive={false}
            />
            <Area
              type="monotone"
              dataKey="depenses"
              stroke={DEPENSES_COLOUR}
              strokeWidth={2}
              fill={`url(#${gradient}-d)`}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="size-2.5 rounded-full" style={{ background: REVENUS_COLOUR }} />
          <dt className="text-muted-foreground">{t('graphique.revenus')}</dt>
          <dd data-testid="total-revenus" className="font-medium">
            <Dinars value={totalRevenus} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="size-2.5 rounded-full" style={{ background: DEPENSES_COLOUR }} />
          <dt className="text-muted-foreground">{t('graphique.depenses')}</dt>
          <dd data-testid="total-depenses-periode" className="font-medium">
            <Dinars value={totalDepenses} />
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** A slice's label: a category's title as typed, an account of the chart in the page's language. */
export function useLibelleCategorie() {
  const { t } = useTranslation('dashboard');
  return (categorie: CategorieDepense): string =>
    categorie.categorie_id !== null && categorie.categorie_id !== undefined
      ? categorie.libelle
      : t(`comptes.${categorie.compte}`, { defaultValue: categorie.libelle });
}

/**
 * The expenses of the year by category (spec 3 §2.10): a donut in the five rotating colours,
 * its total in the middle, and its legend with each amount and share.
 */
export function DepensesDonut({ categories, total }: { categories: CategorieDepense[]; total: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const libelle = useLibelleCategorie();
  if (categories.length === 0) {
    return <p className="py-10 text-center text-sm text-muted-foreground">{t('repartition.vide')}</p>;
  }
  const data = categories.map((categorie) => ({ name: libelle(categorie), value: categorie.montant }));
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4" data-testid="chart-repartition">
      <div className="relative mx-auto h-52 w-full max-w-64" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius="62%"
              outerRadius="95%"
              paddingAngle={categories.length > 1 ? 2 : 0}
              stroke="none"
              isAnimationActive={false}
            >
              {data.map((slice, index) => (
                <Cell key={slice.name} fill={DONUT_COLOURS[index % DONUT_COLOURS.length]} />
              ))}
            </Pie>
            <Tooltip
              formatter={(value) => dinarsText(Number(value))}
              contentStyle={{ borderRadius: 8, fontSize: 12, direction: i18n.dir() }}
            />
          </PieChart>
        </ResponsiveContainer>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
          <span className="text-xs text-muted-foreground">{t('repartition.total')}</span>
          <span className="text-sm font-semibold" data-testid="total-depenses">
            <Dinars value={total} />
          </span>
        </div>
      </div>
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 text-sm" aria-label={t('repartition.legende')}>
        {categories.map((categorie, index) => (
          <li key={categorie.compte} className="flex min-w-0 items-center gap-2" data-testid="repartition-item">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ background: DONUT_COLOURS[index % DONUT_COLOURS.length] }}
            />
            {/* A long name wraps rather than being cut: the card beside the chart is narrow. */}
            <UserText className="block min-w-0 flex-1 break-words">{libelle(categorie)}</UserText>
            {/* The share sits against its amount in both directions; only "40 %" reads left to right. */}
            <span className="tabular w-9 shrink-0 text-end text-xs text-muted-foreground">
              <span dir="ltr">{total > 0 ? `${Math.round((categorie.montant / total) * 100)} %` : ''}</span>
            </span>
            <Dinars value={categorie.montant} className="shrink-0 font-medium" />
          </li>
        ))}
      </ul>
    </div>
  );
}
