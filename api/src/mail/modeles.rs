//! The mails' texts: askama templates in French and Arabic (`api/templates/mail/`), each as
//! plain text and HTML (escaped by askama).

use askama::Template;

use super::{Courriel, Langue};

/// What a verification mail says.
#[derive(Debug, Clone, Copy)]
pub struct Verification<'a> {
    /// The user's name.
    pub nom: &'a str,
    /// The address being verified (the mail goes to it).
    pub email: &'a str,
    pub residence: &'a str,
    /// The link to open.
    pub lien: &'a str,
    /// How long the link lives.
    pub heures: i64,
}

macro_rules! modele {
    ($nom:ident, $chemin:literal) => {
        #[derive(Template)]
        #[template(path = $chemin)]
        struct $nom<'a> {
            nom: &'a str,
            email: &'a str,
            residence: &'a str,
            lien: &'a str,
            heures: i64,
        }

        impl<'a> From<Verification<'a>> for $nom<'a> {
            fn from(v: Verification<'a>) -> Self {
                Self {
                    nom: v.nom,
                    email: v.email,
                    residence: v.residence,
                    lien: v.lien,
                    heures: v.heures,
                }
            }
        }
    };
}

modele!(VerificationFrTexte, "mail/verification_fr.txt");
modele!(VerificationArTexte, "mail/verification_ar.txt");
modele!(VerificationFrHtml, "mail/verification_fr.html");
modele!(VerificationArHtml, "mail/verification_ar.html");

/// The verification mail in `langue`.
pub fn verification(langue: Langue, v: Verification<'_>) -> Result<Courriel, askama::Error> {
    let (sujet, texte, html) = match langue {
        Langue::Fr => (
            "Vérifiez votre adresse e-mail",
            VerificationFrTexte::from(v).render()?,
            VerificationFrHtml::from(v).render()?,
        ),
        Langue::Ar => (
            "تأكيد بريدك الإلكتروني",
            VerificationArTexte::from(v).render()?,
            VerificationArHtml::from(v).render()?,
        ),
    };
    Ok(Courriel {
        a: v.email.to_owned(),
        sujet: sujet.to_owned(),
        texte,
        html,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIEN: &str =
        "https://daftar.example.tn/coproprietaire/verify-email?verify_url=https%3A%2F%2Fx%2Fapi%2Femail%2Fverify%2Fabc";

    fn v<'a>(nom: &'a str) -> Verification<'a> {
        Verification {
            nom,
            email: "amel@exemple.tn",
            residence: "Les Jasmins",
            lien: LIEN,
            heures: 24,
        }
    }

    #[test]
    fn the_french_mail_names_the_user_the_address_and_the_link() {
        let courriel = verification(Langue::Fr, v("Amel Gharbi")).unwrap();
        assert_eq!(courriel.a, "amel@exemple.tn");
        assert_eq!(courriel.sujet, "Vérifiez votre adresse e-mail");
        assert!(
            courriel.texte.starts_with("Bonjour Amel Gharbi,"),
            "{}",
            courriel.texte
        );
        assert!(courriel.texte.contains(LIEN));
        assert!(courriel.texte.contains("24 heures"));
        // In HTML the link's `&`s would be escaped; this one has none, so it appears as is.
        assert!(courriel.html.contains(&format!("href=\"{LIEN}\"")));
        assert!(courriel.html.contains("lang=\"fr\""));
    }

    #[test]
    fn the_arabic_mail_is_right_to_left_with_the_same_link() {
        let courriel = verification(Langue::Ar, v("Amel Gharbi")).unwrap();
        assert_eq!(courriel.sujet, "تأكيد بريدك الإلكتروني");
        assert!(
            courriel.texte.starts_with("مرحبًا Amel Gharbi،"),
            "{}",
            courriel.texte
        );
        assert!(courriel.texte.contains(LIEN));
        assert!(courriel.html.contains("dir=\"rtl\""));
        assert!(courriel.html.contains(LIEN));
    }

    #[test]
    fn a_name_is_escaped_in_the_html_mail() {
        let courriel = verification(Langue::Fr, v("<script>x</script>")).unwrap();
        assert!(!courriel.html.contains("<script>"));
        assert!(
            courriel.html.contains("&#60;script&#62;") || courriel.html.contains("&lt;script&gt;")
        );
        assert!(courriel.texte.contains("<script>x</script>"));
    }
}
