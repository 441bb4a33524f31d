//! What an SMS costs: its number of segments (parts), each one credit.
//!
//! A text written only with the GSM 03.38 alphabet (GSM-7) fits 160 characters in one SMS and
//! 153 per part when it is split (7 septets go to the header that joins the parts); a character
//! of the alphabet's extension table (`€ [ ] { } \ ^ ~ |`, form feed) takes two septets and is
//! never split across two parts. Any other character (an Arabic letter, `ê`, `ç`, an emoji) makes
//! the whole text UCS-2: 70 UTF-16 units in one SMS, 67 per part, a surrogate pair never split.

/// How a text is encoded on the air.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Codage {
    Gsm7,
    Ucs2,
}

/// A text's encoding and number of segments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comptage {
    pub codage: Codage,
    pub segments: i64,
}

/// GSM 03.38's basic alphabet (one septet each; the escape character itself excluded).
const GSM7_BASE: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?\
¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/// Its extension table (two septets each: escape, then the character).
const GSM7_EXTENSION: &str = "\u{0C}^{}\\[~]|€";

/// The septets a character takes in GSM-7, or `None` when it is not in the alphabet.
fn septets(c: char) -> Option<usize> {
    if GSM7_BASE.contains(c) {
        Some(1)
    } else if GSM7_EXTENSION.contains(c) {
        Some(2)
    } else {
        None
    }
}

/// Fills parts of `par_partie` units with the characters' sizes, a character never split.
fn parties(tailles: &[usize], seule: usize, par_partie: usize) -> i64 {
    let total: usize = tailles.iter().sum();
    if total <= seule {
        return 1;
    }
    let (mut parties, mut courante) = (1_i64, 0_usize);
    for &taille in tailles {
        if courante + taille > par_partie {
            parties += 1;
            courante = 0;
        }
        courante += taille;
    }
    parties
}

/// The encoding and segments of `texte` (an empty text is one segment).
pub fn compter(texte: &str) -> Comptage {
    let gsm: Option<Vec<usize>> = texte.chars().map(septets).collect();
    match gsm {
        Some(tailles) => Comptage {
            codage: Codage::Gsm7,
            segments: parties(&tailles, 160, 153),
        },
        None => {
            let tailles: Vec<usize> = texte.chars().map(char::len_utf16).collect();
            Comptage {
                codage: Codage::Ucs2,
                segments: parties(&tailles, 70, 67),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gsm(n: usize) -> String {
        "a".repeat(n)
    }

    #[test]
    fn a_french_text_of_160_gsm_characters_is_one_segment_and_161_are_two() {
        assert_eq!(
            compter(&gsm(160)),
            Comptage {
                codage: Codage::Gsm7,
                segments: 1
            }
        );
        assert_eq!(compter(&gsm(161)).segments, 2);
        assert_eq!(compter(&gsm(306)).segments, 2);
        assert_eq!(compter(&gsm(307)).segments, 3);
    }

    #[test]
    fn french_accents_of_the_gsm_alphabet_keep_it_gsm_7() {
        let texte = "Résidence : à régler, échéance dépassée";
        assert_eq!(compter(texte).codage, Codage::Gsm7);
    }

    #[test]
    fn a_letter_outside_the_gsm_alphabet_makes_the_whole_text_ucs_2() {
        // ê and ç are not in GSM 03.38's basic alphabet.
        assert_eq!(compter("Fête").codage, Codage::Ucs2);
        assert_eq!(compter(&format!("{}ç", gsm(68))).segments, 1);
        assert_eq!(compter(&format!("{}ç", gsm(70))).segments, 2);
    }

    #[test]
    fn an_arabic_text_counts_70_characters_for_one_segment_and_67_per_part() {
        let arabe = "م".repeat(70);
        assert_eq!(
            compter(&arabe),
            Comptage {
                codage: Codage::Ucs2,
                segments: 1
            }
        );
        assert_eq!(compter(&"م".repeat(71)).segments, 2);
        assert_eq!(compter(&"م".repeat(134)).segments, 2);
        assert_eq!(compter(&"م".repeat(135)).segments, 3);
    }

    #[test]
    fn an_extension_character_takes_two_septets_and_is_not_split() {
        assert_eq!(compter(&format!("{}€", gsm(158))).segments, 1);
        assert_eq!(compter(&format!("{}€", gsm(159))).segments, 2);
        // 152 septets then € (2) does not fit the first part of 153: it starts the second.
        assert_eq!(compter(&format!("{}€{}", gsm(152), gsm(151))).segments, 2);
        assert_eq!(compter(&format!("{}€{}", gsm(152), gsm(152))).segments, 3);
    }

    #[test]
    fn an_emoji_takes_two_ucs_2_units() {
        assert_eq!(compter(&format!("{}😀", "م".repeat(68))).segments, 1);
        assert_eq!(compter(&format!("{}😀", "م".repeat(69))).segments, 2);
    }
}
