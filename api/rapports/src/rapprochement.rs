use crate::modele::Rapport;
use daftar_domain::comptabilite::Livres;
use daftar_domain::grand_livre::GrandLivre;
pub struct LigneNonPointee;
pub struct Rapprochement;
pub fn rapprochements() {}
pub(crate) fn rapport(_: &GrandLivre, _: &Livres, annee: i32) -> Rapport {
    crate::livres::vide("rapprochement_bancaire", annee)
}
