//! The library of standard agenda points (spec 3 §3 "Library point"): the points an ordinary
//! assembly usually holds, each with its draft resolution, offered when the agenda is prepared.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PointBibliotheque {
    pub id: i64,
    pub titre: &'static str,
    pub projet_resolution: &'static str,
}

/// The standard points, in the order of an ordinary assembly. Ids are a public contract (the
/// client keeps them): append, never renumber.
pub const BIBLIOTHEQUE: [PointBibliotheque; 10] = [
    PointBibliotheque {
        id: 1,
        titre: "Élection du président de séance, du secrétaire et des scrutateurs",
        projet_resolution: "L'assemblée générale désigne le président de séance, le secrétaire et les scrutateurs.",
    },
    PointBibliotheque {
        id: 2,
        titre: "Rapport moral du conseil syndical",
        projet_resolution: "L'assemblée générale prend acte du rapport moral du conseil syndical.",
    },
    PointBibliotheque {
        id: 3,
        titre: "Approbation des comptes de l'exercice",
        projet_resolution: "L'assemblée générale approuve les comptes de l'exercice écoulé tels qu'ils ont été présentés et donne quitus au conseil syndical pour sa gestion.",
    },
    PointBibliotheque {
        id: 4,
        titre: "Vote du budget de l'exercice suivant",
        projet_resolution: "L'assemblée générale adopte le budget prévisionnel de l'exercice suivant tel qu'il a été présenté.",
    },
    PointBibliotheque {
        id: 5,
        titre: "Fixation des cotisations",
        projet_resolution: "L'assemblée générale fixe le montant des cotisations des copropriétaires selon la répartition en vigueur.",
    },
    PointBibliotheque {
        id: 6,
        titre: "Élection des membres du conseil syndical",
        projet_resolution: "L'assemblée générale élit les membres du conseil syndical pour la durée prévue par le règlement de copropriété.",
    },
    PointBibliotheque {
        id: 7,
        titre: "Travaux",
        projet_resolution: "L'assemblée générale décide la réalisation des travaux présentés et en approuve le budget.",
    },
    PointBibliotheque {
        id: 8,
        titre: "Modification du règlement de copropriété",
        projet_resolution: "L'assemblée générale approuve la modification du règlement de copropriété telle qu'elle a été présentée.",
    },
    PointBibliotheque {
        id: 9,
        titre: "Contrats d'entretien et de gardiennage",
        projet_resolution: "L'assemblée générale approuve les contrats d'entretien et de gardiennage présentés.",
    },
    PointBibliotheque {
        id: 10,
        titre: "Questions diverses",
        projet_resolution: "",
    },
];
