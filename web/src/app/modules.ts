import { annoncesModule } from '@/features/annonces/module';
import { archiveModule } from '@/features/archive/module';
import { assembleesModule } from '@/features/assemblees/module';
import { banqueModule } from '@/features/banque/module';
import { budgetsModule } from '@/features/budgets/module';
import { chatModule } from '@/features/chat/module';
import { comptabiliteModule } from '@/features/comptabilite/module';
import { conseilModule } from '@/features/conseil/module';
import { contratsModule } from '@/features/contrats/module';
import { cotisationsModule } from '@/features/cotisations/module';
import { dashboardModule } from '@/features/dashboard/module';
import { depensesModule } from '@/features/depenses/module';
import { exercicesModule } from '@/features/exercices/module';
import { financesCoproprietaireModule } from '@/features/finances-coproprietaire/module';
import { proprietesModule } from '@/features/proprietes/module';
import { rapprochementModule } from '@/features/rapprochement/module';
import { relevesModule } from '@/features/releves/module';
import { recouvrementModule } from '@/features/recouvrement/module';
import { notificationsModule } from '@/features/notifications/module';
import { paiementEnLigneModule } from '@/features/paiement-en-ligne/module';
import { pannesModule } from '@/features/pannes/module';
import { parametresModule } from '@/features/parametres/module';
import { reglementsModule } from '@/features/reglements/module';
import { remisesChequesModule } from '@/features/remises-cheques/module';
import { salairesModule } from '@/features/salaires/module';
import { supportModule } from '@/features/support/module';
import { visibiliteFinancesModule } from '@/features/visibilite-finances/module';
import { votesModule } from '@/features/votes/module';

/**
 * The feature modules of the two spaces: one line each. The route tree (routes.tsx), the sidebar
 * (layout/nav-config.ts) and the catalogues (catalogues.ts) are composed from this list; adding a
 * module is its folder plus one line here (README "Adding a feature module").
 */
// One line per module (kept so by prettier-ignore), so that modules added side by side do not conflict.
// prettier-ignore
export const modules = [
  dashboardModule,
  proprietesModule,
  conseilModule,
  cotisationsModule,
  remisesChequesModule,
  depensesModule,
  salairesModule,
  contratsModule,
  rapprochementModule,
  relevesModule,
  banqueModule,
  comptabiliteModule,
  exercicesModule,
  budgetsModule,
  assembleesModule,
  recouvrementModule,
  archiveModule,
  reglementsModule,
  pannesModule,
  chatModule,
  votesModule,
  annoncesModule,
  notificationsModule,
  parametresModule,
  supportModule,
  visibiliteFinancesModule,
  financesCoproprietaireModule,
  paiementEnLigneModule,
] as const;
