use crate::modele::Rapport;
use daftar_domain::comptabilite::Livres;
use daftar_domain::grand_livre::GrandLivre;
pub struct Debiteur;
pub struct Debiteurs;
pub fn coproprietaires_debiteurs() {}
pub(crate) fn rapport(_: &GrandLivre, _: &Livres, annee: i32) -> Rapport {
    crate::livres::vide("coproprietaires_debiteurs", annee)
}
