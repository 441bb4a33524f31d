//! Amounts in words in Arabic, as a Tunisian receipt writes them: "ألف ومائتان وأربعة وثلاثون
//! دينارًا وخمسمائة مليم".
//!
//! Numbers are read in the masculine (دينار and مليم are masculine), units before tens ("أربعة
//! وثلاثون"), groups joined by "و". The counted noun follows the number's last two digits, as
//! Arabic grammar wants: 1 → "دينار واحد", 2 → "ديناران", 3–10 → plural ("دنانير"), 11–99 →
//! accusative singular ("دينارًا"), otherwise the singular ("مائة دينار", "ألف دينار").

use daftar_domain::Montant;

const UNITES: [&str; 10] = [
    "",
    "واحد",
    "اثنان",
    "ثلاثة",
    "أربعة",
    "خمسة",
    "ستة",
    "سبعة",
    "ثمانية",
    "تسعة",
];
const DIZAINES: [&str; 10] = [
    "",
    "عشرة",
    "عشرون",
    "ثلاثون",
    "أربعون",
    "خمسون",
    "ستون",
    "سبعون",
    "ثمانون",
    "تسعون",
];
const CENTAINES: [&str; 10] = [
    "",
    "مائة",
    "مائتان",
    "ثلاثمائة",
    "أربعمائة",
    "خمسمائة",
    "ستمائة",
    "سبعمائة",
    "ثمانمائة",
    "تسعمائة",
];

/// 1–99 in words (masculine).
fn jusqu_a_cent(n: u64) -> String {
    let (dizaine, unite) = ((n / 10) as usize, (n % 10) as usize);
    match n {
        0 => String::new(),
        1..=9 => UNITES[unite].to_owned(),
        10 => DIZAINES[1].to_owned(),
        11 => "أحد عشر".to_owned(),
        12 => "اثنا عشر".to_owned(),
        13..=19 => format!("{} عشر", UNITES[unite]),
        _ if unite == 0 => DIZAINES[dizaine].to_owned(),
        _ => format!("{} و{}", UNITES[unite], DIZAINES[dizaine]),
    }
}

/// 1–999 in words.
fn jusqu_a_mille(n: u64) -> String {
    let centaine = CENTAINES[(n / 100) as usize];
    let reste = jusqu_a_cent(n % 100);
    match (centaine.is_empty(), reste.is_empty()) {
        (true, _) => reste,
        (false, true) => centaine.to_owned(),
        (false, false) => format!("{centaine} و{reste}"),
    }
}

/// The forms of a counted noun: singular, dual, plural (3–10), accusative singular (11–99).
struct Nom {
    singulier: &'static str,
    duel: &'static str,
    pluriel: &'static str,
    accusatif: &'static str,
}

const DINAR: Nom = Nom {
    singulier: "دينار",
    duel: "ديناران",
    pluriel: "دنانير",
    accusatif: "دينارًا",
};
const MILLIME: Nom = Nom {
    singulier: "مليم",
    duel: "مليمان",
    pluriel: "مليمات",
    accusatif: "مليمًا",
};
const MILLE: Nom = Nom {
    singulier: "ألف",
    duel: "ألفان",
    pluriel: "آلاف",
    accusatif: "ألفًا",
};
const MILLION: Nom = Nom {
    singulier: "مليون",
    duel: "مليونان",
    pluriel: "ملايين",
    accusatif: "مليونًا",
};

/// `n` of `nom` in words: "دينار واحد", "ديناران", "ثلاثة دنانير", "أحد عشر دينارًا", "مائة دينار".
fn compter(n: u64, nom: &Nom) -> String {
    match n {
        0 => String::new(),
        1 => format!("{} {}", nom.singulier, UNITES[1]),
        2 => nom.duel.to_owned(),
        _ => {
            let forme = match n % 100 {
                3..=10 => nom.pluriel,
                11..=99 => nom.accusatif,
                _ => nom.singulier,
            };
            format!("{} {forme}", nombre(n))
        }
    }
}

/// A group of thousands or millions: "ألف" for one, "ألفان" for two, else counted.
fn groupe(n: u64, nom: &Nom) -> String {
    match n {
        1 => nom.singulier.to_owned(),
        _ => compter(n, nom),
    }
}

/// A whole number in words ("صفر" for 0).
pub fn nombre_en_lettres_ar(n: u64) -> String {
    if n == 0 {
        "صفر".to_owned()
    } else {
        nombre(n)
    }
}

fn nombre(n: u64) -> String {
    let parties: Vec<String> = [
        groupe(
            n / 1_000_000_000,
            &Nom {
                singulier: "مليار",
                duel: "ملياران",
                pluriel: "مليارات",
                accusatif: "مليارًا",
            },
        ),
        groupe(n / 1_000_000 % 1_000, &MILLION),
        groupe(n / 1_000 % 1_000, &MILLE),
        jusqu_a_mille(n % 1_000),
    ]
    .into_iter()
    .filter(|partie| !partie.is_empty())
    .collect();
    parties.join(" و")
}

/// An amount in words: dinars, then millimes ("خمسمائة مليم"); "صفر دينار" for nothing.
pub fn montant_en_lettres_ar(montant: Montant) -> String {
    let millimes = montant.millimes().unsigned_abs();
    let (dinars, reste) = (millimes / 1_000, millimes % 1_000);
    let parties: Vec<String> = [compter(dinars, &DINAR), compter(reste, &MILLIME)]
        .into_iter()
        .filter(|partie| !partie.is_empty())
        .collect();
    if parties.is_empty() {
        return format!("صفر {}", DINAR.singulier);
    }
    parties.join(" و")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_units_before_tens_and_groups_joined_by_wa() {
        assert_eq!(nombre_en_lettres_ar(0), "صفر");
        assert_eq!(nombre_en_lettres_ar(7), "سبعة");
        assert_eq!(nombre_en_lettres_ar(11), "أحد عشر");
        assert_eq!(nombre_en_lettres_ar(15), "خمسة عشر");
        assert_eq!(nombre_en_lettres_ar(34), "أربعة وثلاثون");
        assert_eq!(nombre_en_lettres_ar(200), "مائتان");
        assert_eq!(nombre_en_lettres_ar(1_000), "ألف");
        assert_eq!(nombre_en_lettres_ar(2_000), "ألفان");
        assert_eq!(nombre_en_lettres_ar(3_000), "ثلاثة آلاف");
        assert_eq!(nombre_en_lettres_ar(11_000), "أحد عشر ألفًا");
        assert_eq!(nombre_en_lettres_ar(1_234), "ألف ومائتان وأربعة وثلاثون");
        assert_eq!(nombre_en_lettres_ar(2_500_000), "مليونان وخمسمائة ألف");
    }

    #[test]
    fn the_counted_noun_follows_the_number() {
        let words = |millimes| montant_en_lettres_ar(Montant::from_millimes(millimes));
        assert_eq!(words(1_000), "دينار واحد");
        assert_eq!(words(2_000), "ديناران");
        assert_eq!(words(5_000), "خمسة دنانير");
        assert_eq!(words(45_000), "خمسة وأربعون دينارًا");
        assert_eq!(words(100_000), "مائة دينار");
        assert_eq!(
            words(1_234_500),
            "ألف ومائتان وأربعة وثلاثون دينارًا وخمسمائة مليم"
        );
        assert_eq!(words(500), "خمسمائة مليم");
        assert_eq!(words(0), "صفر دينار");
    }
}
