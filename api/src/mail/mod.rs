//! Mail (issue 19): the verification mail of the account settings and of the first login.
//!
//! A [`Messagerie`] sends a [`Courriel`]: over SMTP ([`Smtp`], lettre on tokio with rustls) when
//! `DAFTAR_SMTP_URL` is set, otherwise into files under `{DAFTAR_DATA_DIR}/mail/` ([`Dossier`]),
//! whose path is logged, so that a server without a mail relay (a first try, the demo) still
//! shows its user the link. The texts are askama templates in French and Arabic
//! (`api/templates/mail/`, [`modeles`]).

pub mod modeles;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use async_trait::async_trait;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::configuration::Settings;

/// One SMTP exchange at most: a slow relay fails the request rather than hold it.
const DELAI_SMTP: Duration = Duration::from_secs(15);

/// The language of a mail: the user's, as the client says in `Accept-Language`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Langue {
    #[default]
    Fr,
    Ar,
}

impl Langue {
    /// Arabic when the first language the client prefers is Arabic (`ar`, `ar-TN`…), French
    /// otherwise (the product's default language, spec 3 §9).
    pub fn depuis_accept_language(entete: Option<&str>) -> Self {
        let premiere = entete
            .and_then(|valeur| valeur.split(',').next())
            .map(|langue| langue.split(';').next().unwrap_or_default().trim())
            .unwrap_or_default()
            .to_ascii_lowercase();
        if premiere == "ar" || premiere.starts_with("ar-") {
            Langue::Ar
        } else {
            Langue::Fr
        }
    }

    /// The language of a request.
    pub fn de_la_requete(req: &actix_web::HttpRequest) -> Self {
        Self::depuis_accept_language(
            req.headers()
                .get(actix_web::http::header::ACCEPT_LANGUAGE)
                .and_then(|valeur| valeur.to_str().ok()),
        )
    }
}

/// A mail to one address: a plain text and the same as HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Courriel {
    pub a: String,
    pub sujet: String,
    pub texte: String,
    pub html: String,
}

/// Where mail goes.
#[async_trait]
pub trait Messagerie: Send + Sync {
    async fn envoyer(&self, courriel: &Courriel) -> anyhow::Result<()>;
}

fn message(de: &Mailbox, courriel: &Courriel) -> anyhow::Result<Message> {
    let a: Mailbox = courriel
        .a
        .parse()
        .with_context(|| format!("not a mail address: {}", courriel.a))?;
    Message::builder()
        .from(de.clone())
        .to(a)
        .subject(courriel.sujet.clone())
        .multipart(MultiPart::alternative_plain_html(
            courriel.texte.clone(),
            courriel.html.clone(),
        ))
        .context("building the mail")
}

/// An SMTP relay (`DAFTAR_SMTP_URL`).
pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    de: Mailbox,
}

impl Smtp {
    pub fn new(url: &str, de: Mailbox) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .context("DAFTAR_SMTP_URL")?
            .timeout(Some(DELAI_SMTP))
            .build();
        Ok(Self { transport, de })
    }
}

#[async_trait]
impl Messagerie for Smtp {
    async fn envoyer(&self, courriel: &Courriel) -> anyhow::Result<()> {
        let message = message(&self.de, courriel)?;
        self.transport
            .send(message)
            .await
            .context("the SMTP relay refused the mail")?;
        tracing::info!(to = %courriel.a, subject = %courriel.sujet, "mail sent");
        Ok(())
    }
}

/// Mail written to files (no `DAFTAR_SMTP_URL`): `<n>.eml`, the message as it would have been
/// sent, and `<n>.txt`, its text readable as is; the log names the `.txt`.
pub struct Dossier {
    dossier: PathBuf,
    de: Mailbox,
}

impl Dossier {
    pub fn new(dossier: PathBuf, de: Mailbox) -> Self {
        Self { dossier, de }
    }
}

#[async_trait]
impl Messagerie for Dossier {
    async fn envoyer(&self, courriel: &Courriel) -> anyhow::Result<()> {
        let message = message(&self.de, courriel)?;
        tokio::fs::create_dir_all(&self.dossier)
            .await
            .with_context(|| format!("cannot create {}", self.dossier.display()))?;
        let nom = format!(
            "{}-{}",
            chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ"),
            uuid::Uuid::new_v4().simple()
        );
        let eml = self.dossier.join(format!("{nom}.eml"));
        let txt = self.dossier.join(format!("{nom}.txt"));
        tokio::fs::write(&eml, message.formatted())
            .await
            .with_context(|| format!("cannot write {}", eml.display()))?;
        let lisible = format!(
            "From: {}\nTo: {}\nSubject: {}\n\n{}\n",
            self.de, courriel.a, courriel.sujet, courriel.texte
        );
        tokio::fs::write(&txt, lisible)
            .await
            .with_context(|| format!("cannot write {}", txt.display()))?;
        tracing::info!(
            to = %courriel.a,
            path = %txt.display(),
            "mail written to a file (no DAFTAR_SMTP_URL): open it for its link"
        );
        Ok(())
    }
}

/// The messagerie the settings name: SMTP when `DAFTAR_SMTP_URL` is set, else files under
/// `{DAFTAR_DATA_DIR}/mail/`.
pub fn depuis_reglages(settings: &Settings) -> anyhow::Result<Arc<dyn Messagerie>> {
    let de: Mailbox = settings
        .mail
        .from
        .parse()
        .context("DAFTAR_MAIL_FROM is not a mail address")?;
    Ok(match &settings.mail.smtp_url {
        Some(url) => Arc::new(Smtp::new(url, de)?),
        None => Arc::new(Dossier::new(settings.data_dir.join("mail"), de)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mail_language_is_the_first_the_client_prefers() {
        assert_eq!(Langue::depuis_accept_language(Some("ar")), Langue::Ar);
        assert_eq!(
            Langue::depuis_accept_language(Some("ar-TN,fr;q=0.8")),
            Langue::Ar
        );
        assert_eq!(
            Langue::depuis_accept_language(Some("fr-FR,ar;q=0.9")),
            Langue::Fr
        );
        assert_eq!(Langue::depuis_accept_language(Some("arn")), Langue::Fr);
        assert_eq!(Langue::depuis_accept_language(None), Langue::Fr);
    }

    #[tokio::test]
    async fn without_smtp_a_mail_is_written_to_a_file_with_its_link_readable() {
        let dir = tempfile::tempdir().unwrap();
        let dossier = Dossier::new(
            dir.path().join("mail"),
            "Daftar <no-reply@daftar.tn>".parse().unwrap(),
        );
        let courriel = Courriel {
            a: "amel@exemple.tn".to_owned(),
            sujet: "Vérifiez votre adresse e-mail".to_owned(),
            texte: "Ouvrez http://127.0.0.1:8080/coproprietaire/verify-email?verify_url=x"
                .to_owned(),
            html: "<p>Ouvrez</p>".to_owned(),
        };
        dossier.envoyer(&courriel).await.unwrap();
        let fichiers: Vec<_> = std::fs::read_dir(dir.path().join("mail"))
            .unwrap()
            .map(|entree| entree.unwrap().path())
            .collect();
        assert_eq!(fichiers.len(), 2);
        let txt = fichiers
            .iter()
            .find(|chemin| chemin.extension().is_some_and(|e| e == "txt"))
            .unwrap();
        let texte = std::fs::read_to_string(txt).unwrap();
        assert!(texte.contains("To: amel@exemple.tn"), "{texte}");
        assert!(
            texte.contains("http://127.0.0.1:8080/coproprietaire/verify-email?verify_url=x"),
            "{texte}"
        );
    }
}
