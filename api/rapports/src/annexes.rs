use crate::modele::Rapport;
use crate::Contexte;
use daftar_domain::comptabilite::Livres;
use daftar_domain::grand_livre::GrandLivre;
pub(crate) fn rapports(_: &GrandLivre, _: &Livres, _: &Contexte) -> Vec<Rapport> {
    vec![]
}
