use crate::modele::Rapport;
use daftar_domain::comptabilite::Livres;
use daftar_domain::grand_livre::GrandLivre;
pub(crate) fn journal(_: &GrandLivre, _: &Livres, annee: i32) -> Rapport {
    vide("journal", annee)
}
pub(crate) fn grand_livre(_: &GrandLivre, _: &Livres, annee: i32) -> Rapport {
    vide("grand_livre", annee)
}
pub(crate) fn balance_generale(_: &GrandLivre, _: &Livres, annee: i32) -> Rapport {
    vide("balance_generale", annee)
}
pub(crate) fn vide(nom: &str, annee: i32) -> Rapport {
    Rapport {
        nom: format!("{nom}_{annee}"),
        titre: nom.to_owned(),
        feuille: "x".into(),
        paysage: false,
        tableaux: vec![],
        notes: vec![],
    }
}
