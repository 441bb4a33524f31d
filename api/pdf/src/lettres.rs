//! Amounts written out in French words, as a receipt states them next to the figures
//! ("Mille deux cent trente-quatre dinars et cinq cents millimes").
//!
//! Traditional spelling (before the 1990 rectifications), the one Tunisian receipts and cheques
//! use: hyphens only inside the tens ("trente-quatre", "quatre-vingt-dix"), "et" joining one to
//! the tens from twenty to seventy ("vingt et un", "soixante et onze", but "quatre-vingt-un"),
//! "vingts" and "cents" plural only when multiplied and ending the number or followed by a noun
//! ("quatre-vingts", "deux cents dinars", "deux cents millions", but "deux cent un",
//! "deux cent mille"), "mille" invariable and never preceded by "un", and "million", "milliard"...
//! nouns that agree in number and take "de" before the currency ("un million de dinars").

use daftar_domain::Montant;

const UNITES: [&str; 17] = [
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize",
];

/// Tens from twenty to sixty, indexed by `tens - 2`; seventy and ninety are built on sixty and
/// eighty.
const DIZAINES: [&str; 5] = ["vingt", "trente", "quarante", "cinquante", "soixante"];

/// The scales above a thousand, long scale as in French: each is a noun.
const ECHELLES: [(u64, &str); 5] = [
    (1_000_000_000_000_000_000, "trillion"),
    (1_000_000_000_000_000, "billiard"),
    (1_000_000_000_000, "billion"),
    (1_000_000_000, "milliard"),
    (1_000_000, "million"),
];

/// 0 to 99. `final_plural` is whether "quatre-vingt" may take its plural "s" (it does when it
/// ends the number or comes before a noun, not before "mille").
fn sous_cent(n: u64, final_plural: bool) -> String {
    match n {
        0..=16 => UNITES[n as usize].to_owned(),
        17..=19 => format!("dix-{}", UNITES[(n - 10) as usize]),
        20..=69 => {
            let dizaine = DIZAINES[(n / 10 - 2) as usize];
            match n % 10 {
                0 => dizaine.to_owned(),
                1 => format!("{dizaine} et un"),
                unite => format!("{dizaine}-{}", UNITES[unite as usize]),
            }
        }
        70..=79 => match n - 60 {
            11 => "soixante et onze".to_owned(),
            reste => format!("soixante-{}", sous_cent(reste, false)),
        },
        80 if final_plural => "quatre-vingts".to_owned(),
        80 => "quatre-vingt".to_owned(),
        _ => format!("quatre-vingt-{}", sous_cent(n - 80, false)),
    }
}

/// 1 to 999 (0 gives "zéro"; callers skip empty groups). `final_plural` as in [`sous_cent`],
/// and it also governs "cents".
fn sous_mille(n: u64, final_plural: bool) -> String {
    let centaines = n / 100;
    let reste = n % 100;
    let cent = match centaines {
        0 => return sous_cent(reste, final_plural),
        1 => "cent".to_owned(),
        c if reste == 0 && final_plural => format!("{} cents", UNITES[c as usize]),
        c => format!("{} cent", UNITES[c as usize]),
    };
    if reste == 0 {
        cent
    } else {
        format!("{cent} {}", sous_cent(reste, final_plural))
    }
}

/// A whole number in French words, lower case: 0 "zéro", 21 "vingt et un", 80 "quatre-vingts",
/// 201 "deux cent un", 2 000 "deux mille", 1 000 000 "un million".
pub fn nombre_en_lettres(n: u64) -> String {
    if n == 0 {
        return UNITES[0].to_owned();
    }
    let mut mots: Vec<String> = Vec::new();
    let mut reste = n;
    for (valeur, nom) in ECHELLES {
        let groupe = reste / valeur;
        reste %= valeur;
        if groupe > 0 {
            let pluriel = if groupe > 1 { "s" } else { "" };
            mots.push(format!("{} {nom}{pluriel}", sous_mille(groupe, true)));
        }
    }
    let milliers = reste / 1_000;
    let unites = reste % 1_000;
    match milliers {
        0 => {}
        1 => mots.push("mille".to_owned()),
        m => mots.push(format!("{} mille", sous_mille(m, false))),
    }
    if unites > 0 {
        mots.push(sous_mille(unites, true));
    }
    mots.join(" ")
}

/// "1 dinar", "0 dinar", "2 dinars", "1 000 000" → "un million de dinars" (a scale noun takes "de").
fn quantite(n: u64, singulier: &str, pluriel: &str) -> String {
    let nom = if n <= 1 { singulier } else { pluriel };
    let de = if n >= 1_000_000 && n.is_multiple_of(1_000_000) {
        " de"
    } else {
        ""
    };
    format!("{}{de} {nom}", nombre_en_lettres(n))
}

/// An amount in French words with its currency, capitalised as it opens the line of a receipt:
/// "Mille deux cent trente-quatre dinars et cinq cents millimes", "Un dinar", "Zéro dinar",
/// "Cinq cents millimes" (no dinars), "Moins douze dinars" (negative).
///
/// Millimes are written out too: a receipt states the exact amount (spec 1 §9, amounts in DT with
/// three decimals).
pub fn montant_en_lettres(montant: Montant) -> String {
    let millimes_total = montant.millimes().unsigned_abs();
    let dinars = millimes_total / 1_000;
    let millimes = millimes_total % 1_000;
    let mut texte = if montant.millimes() < 0 {
        "moins ".to_owned()
    } else {
        String::new()
    };
    if dinars > 0 || millimes == 0 {
        texte.push_str(&quantite(dinars, "dinar", "dinars"));
        if millimes > 0 {
            texte.push_str(" et ");
        }
    }
    if millimes > 0 {
        texte.push_str(&quantite(millimes, "millime", "millimes"));
    }
    majuscule(&texte)
}

fn majuscule(texte: &str) -> String {
    let mut caracteres = texte.chars();
    match caracteres.next() {
        Some(premier) => premier.to_uppercase().chain(caracteres).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dt(millimes: i64) -> String {
        montant_en_lettres(Montant::from_millimes(millimes))
    }

    #[test]
    fn writes_units_and_teens() {
        assert_eq!(nombre_en_lettres(0), "zéro");
        assert_eq!(nombre_en_lettres(1), "un");
        assert_eq!(nombre_en_lettres(16), "seize");
        assert_eq!(nombre_en_lettres(17), "dix-sept");
        assert_eq!(nombre_en_lettres(19), "dix-neuf");
    }

    #[test]
    fn joins_one_to_the_tens_with_et_up_to_seventy_one() {
        assert_eq!(nombre_en_lettres(21), "vingt et un");
        assert_eq!(nombre_en_lettres(22), "vingt-deux");
        assert_eq!(nombre_en_lettres(31), "trente et un");
        assert_eq!(nombre_en_lettres(61), "soixante et un");
        assert_eq!(nombre_en_lettres(70), "soixante-dix");
        assert_eq!(nombre_en_lettres(71), "soixante et onze");
        assert_eq!(nombre_en_lettres(72), "soixante-douze");
        assert_eq!(nombre_en_lettres(77), "soixante-dix-sept");
        assert_eq!(nombre_en_lettres(79), "soixante-dix-neuf");
    }

    #[test]
    fn eighty_takes_an_s_only_when_it_ends_the_number() {
        assert_eq!(nombre_en_lettres(80), "quatre-vingts");
        assert_eq!(nombre_en_lettres(81), "quatre-vingt-un");
        assert_eq!(nombre_en_lettres(90), "quatre-vingt-dix");
        assert_eq!(nombre_en_lettres(91), "quatre-vingt-onze");
        assert_eq!(nombre_en_lettres(99), "quatre-vingt-dix-neuf");
        assert_eq!(nombre_en_lettres(80_000), "quatre-vingt mille");
        assert_eq!(nombre_en_lettres(80_000_000), "quatre-vingts millions");
    }

    #[test]
    fn hundreds_take_an_s_only_when_multiplied_and_ending_the_number() {
        assert_eq!(nombre_en_lettres(100), "cent");
        assert_eq!(nombre_en_lettres(101), "cent un");
        assert_eq!(nombre_en_lettres(200), "deux cents");
        assert_eq!(nombre_en_lettres(201), "deux cent un");
        assert_eq!(nombre_en_lettres(280), "deux cent quatre-vingts");
        assert_eq!(nombre_en_lettres(999), "neuf cent quatre-vingt-dix-neuf");
        assert_eq!(nombre_en_lettres(200_000), "deux cent mille");
        assert_eq!(nombre_en_lettres(200_000_000), "deux cents millions");
    }

    #[test]
    fn thousand_is_invariable_and_never_preceded_by_un() {
        assert_eq!(nombre_en_lettres(1_000), "mille");
        assert_eq!(nombre_en_lettres(1_001), "mille un");
        assert_eq!(nombre_en_lettres(2_000), "deux mille");
        assert_eq!(nombre_en_lettres(21_000), "vingt et un mille");
        assert_eq!(nombre_en_lettres(1_234), "mille deux cent trente-quatre");
    }

    #[test]
    fn millions_and_milliards_are_nouns_that_agree() {
        assert_eq!(nombre_en_lettres(1_000_000), "un million");
        assert_eq!(nombre_en_lettres(2_000_000), "deux millions");
        assert_eq!(nombre_en_lettres(1_001_001), "un million mille un");
        assert_eq!(nombre_en_lettres(1_000_000_000), "un milliard");
        assert_eq!(
            nombre_en_lettres(3_200_080_000),
            "trois milliards deux cents millions quatre-vingt mille"
        );
        assert_eq!(
            nombre_en_lettres(u64::MAX),
            "dix-huit trillions quatre cent quarante-six billiards sept cent quarante-quatre \
             billions soixante-treize milliards sept cent neuf millions cinq cent cinquante et un \
             mille six cent quinze"
        );
    }

    #[test]
    fn writes_dinars_and_millimes_of_an_amount() {
        assert_eq!(
            dt(1_234_500),
            "Mille deux cent trente-quatre dinars et cinq cents millimes"
        );
        assert_eq!(dt(250_000), "Deux cent cinquante dinars");
        assert_eq!(dt(80_080), "Quatre-vingts dinars et quatre-vingts millimes");
    }

    #[test]
    fn one_dinar_and_one_millime_are_singular() {
        assert_eq!(dt(1_000), "Un dinar");
        assert_eq!(dt(1_001), "Un dinar et un millime");
        assert_eq!(dt(2_000), "Deux dinars");
    }

    #[test]
    fn zero_and_millimes_alone() {
        assert_eq!(dt(0), "Zéro dinar");
        assert_eq!(dt(500), "Cinq cents millimes");
        assert_eq!(dt(1), "Un millime");
    }

    #[test]
    fn a_round_million_takes_de_before_the_currency() {
        assert_eq!(dt(1_000_000_000), "Un million de dinars");
        assert_eq!(dt(2_000_000_000), "Deux millions de dinars");
        assert_eq!(dt(1_000_200_000), "Un million deux cents dinars");
    }

    #[test]
    fn a_negative_amount_starts_with_moins() {
        assert_eq!(dt(-12_000), "Moins douze dinars");
        assert!(dt(i64::MIN).starts_with("Moins neuf billiards"));
    }
}
