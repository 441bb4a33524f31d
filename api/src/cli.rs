//! The `daftar` command line. Without a subcommand it serves HTTP.
//!
//! To add a command: add a variant to [`Command`] (or a nested `…Command` enum for a group, as
//! [`ResidenceCommand`]), and a match arm in [`run`] calling a function that takes `&Database`.
//! Print only the command's intended output to stdout (`println!`); everything else is `tracing`
//! on stderr.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::{Parser, Subcommand};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::ids::ResidenceId;
use daftar_projections::anchor;
use daftar_projections::{read_models, CommandMetadata, Database, Journal, Ledger, Projector};

use crate::configuration::Settings;
use crate::documents::DocumentStore;
use crate::identity::council::{self, RolesChange};
use crate::identity::{self, NewUser};
use crate::startup::Application;
use crate::{demo, ledger, openapi};
use daftar_domain::conseil::ConseilCommand;

/// Environment variable read for passwords by `user add` and `user password`.
pub const PASSWORD_ENV: &str = "DAFTAR_PASSWORD";

#[derive(Debug, Parser)]
#[command(
    name = "daftar",
    version,
    about = "Daftar: co-ownership (syndic) management server",
    long_about = "Daftar: co-ownership (syndic) management server.\n\n\
                  Settings come from DAFTAR_ADDR, DAFTAR_DATA_DIR, DAFTAR_DATABASE_URL, \
                  DAFTAR_DATABASE_MAX_CONNECTIONS, DAFTAR_WEB_DIR and DAFTAR_COOKIE_SECURE."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP server (the default).
    Serve,
    /// Create, deactivate or reactivate residences.
    Residence {
        #[command(subcommand)]
        command: ResidenceCommand,
    },
    /// Add users, set passwords, deactivate or reactivate users.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Write errors.json and openapi.json (deterministic, for CI to diff).
    Schemas {
        /// Output folder.
        #[arg(long, default_value = "schemas")]
        out: PathBuf,
    },
    /// Fiscal years of a residence's ledger.
    Exercice {
        #[command(subcommand)]
        command: ExerciceCommand,
    },
    /// Tamper evidence of the ledger.
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
    /// Read models.
    Projections {
        #[command(subcommand)]
        command: ProjectionsCommand,
    },
    /// Load the demo residence "Résidence Les Jasmins" (idempotent).
    Demo,
    /// SMS credits and the outbox (docs/api-recouvrement.md).
    Sms {
        #[command(subcommand)]
        command: SmsCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum SmsCommand {
    /// Record a purchase of SMS credits (support): the total including VAT is computed (19 %,
    /// rounded to the nearest millime, half up).
    Acheter {
        #[arg(long)]
        residence: i64,
        /// Credits bought (one per SMS segment).
        #[arg(long)]
        units: i64,
        /// The invoice's date, YYYY-MM-DD.
        #[arg(long)]
        date_facture: chrono::NaiveDate,
        /// The invoice's total excluding tax, in DT (up to three decimals: 45.5, 120.250).
        #[arg(long)]
        total_ht: String,
    },
    /// List the messages the outbox keeps (queued, not sent: no provider is configured).
    Outbox {
        #[arg(long)]
        residence: Option<i64>,
    },
}

#[derive(Debug, Subcommand)]
pub enum ExerciceCommand {
    /// Open the fiscal year of a calendar year.
    Ouvrir {
        /// Residence id.
        #[arg(long)]
        residence: i64,
        #[arg(long)]
        annee: i32,
    },
}

#[derive(Debug, Subcommand)]
pub enum AuditCommand {
    /// Recompute every hash chain (or one residence's) and report the first broken link of
    /// each broken stream; with `--anchor`, also check that every head of a signed anchor is
    /// still in the journal as anchored. Exits non-zero when anything is broken.
    Verify {
        #[arg(long)]
        residence: Option<i64>,
        /// An anchor printed by `daftar audit anchor`.
        #[arg(long)]
        anchor: Option<PathBuf>,
        /// The trusted signer's public key (hex); by default the one of `DAFTAR_AUDIT_KEY`.
        #[arg(long)]
        public_key: Option<String>,
    },
    /// Print every residence's chain head, signed with the Ed25519 key of the file named by
    /// `DAFTAR_AUDIT_KEY` (keep the printed anchor outside the database).
    Anchor,
    /// Rebuild a closed fiscal year's books from the journal up to the event its closing pack
    /// was rendered from, render the pack again and compare each document with the SHA-256
    /// recorded at closing, byte for byte (and that event with its recorded hash). Names what
    /// differs and exits non-zero when anything does.
    Replay {
        #[arg(long)]
        residence: i64,
        #[arg(long)]
        exercice: i32,
    },
    /// Create a signing key file for `audit anchor` (readable by its owner only) and print its
    /// public key.
    Keygen {
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
pub enum ProjectionsCommand {
    /// Replay the whole journal into fresh read-model tables and swap them in once complete (a
    /// failed rebuild changes nothing); lists the residences set aside.
    Rebuild,
}

#[derive(Debug, Subcommand)]
pub enum ResidenceCommand {
    /// Create a residence; prints its id.
    Create {
        #[arg(long)]
        nom: String,
        #[arg(long)]
        ville: String,
        /// The street address, printed on receipts.
        #[arg(long)]
        adresse: Option<String>,
    },
    /// Deactivate a residence: its users get `residence_inactive`.
    Deactivate {
        #[arg(long)]
        id: i64,
    },
    /// Reactivate a residence.
    Activate {
        #[arg(long)]
        id: i64,
    },
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Add a user to a residence; prints its id. The password comes from DAFTAR_PASSWORD or a
    /// prompt; none (empty) means the user cannot sign in until `user password` sets one.
    Add {
        /// Residence id.
        #[arg(long)]
        residence: i64,
        /// Phone number used to sign in (6 to 15 digits, unique).
        #[arg(long)]
        tel: String,
        #[arg(long)]
        nom: String,
        /// Council member (syndic space).
        #[arg(long)]
        syndic: bool,
        /// Treasurer (needs --syndic to take effect).
        #[arg(long)]
        finance: bool,
        /// President (needs --syndic to take effect).
        #[arg(long)]
        president: bool,
        /// Skip the first-login profile completion.
        #[arg(long)]
        finalized: bool,
    },
    /// Set a user's password (from DAFTAR_PASSWORD or a prompt).
    Password {
        #[arg(long)]
        tel: String,
    },
    /// Deactivate a user: it gets `user_inactive`.
    Deactivate {
        #[arg(long)]
        tel: String,
    },
    /// Reactivate a user.
    Activate {
        #[arg(long)]
        tel: String,
    },
    /// Change the president or the treasurer (support only: spec 2 §6). Granting a role takes
    /// it from its previous holder in the residence and makes the user a council member; each
    /// change is recorded in the residence's ledger.
    Roles {
        #[arg(long)]
        tel: String,
        /// Treasurer: true or false (absent: unchanged).
        #[arg(long)]
        finance: Option<bool>,
        /// President: true or false (absent: unchanged).
        #[arg(long)]
        president: Option<bool>,
    },
}

/// Runs one command line.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve().await,
        Command::Schemas { out } => openapi::write_schemas(&out),
        Command::Residence { command } => residence(&connect().await?, command).await,
        Command::User { command } => user(&connect().await?, command).await,
        Command::Exercice { command } => exercice(&connect().await?, command).await,
        Command::Audit { command } => audit(&connect().await?, command).await,
        Command::Projections { command } => projections(&connect().await?, command).await,
        Command::Sms { command } => sms(&connect().await?, command).await,
        Command::Demo => {
            let settings = Settings::from_env()?;
            let store = std::sync::Arc::new(DocumentStore::from_settings(&settings)?);
            let db = settings.connect_database().await?;
            let summary = demo::load_with_documents(&db, Some(&store)).await?;
            // `ops/run` starts the Konnect stand-in and says so: the demo residence pays online
            // through it (docs/api-paiement-en-ligne.md).
            if std::env::var("DAFTAR_DEMO_KONNECT").is_ok_and(|v| v == "1") {
                demo::paiement_en_ligne(&db, &settings, summary.residence_id).await?;
            }
            let verb = if summary.created {
                "created"
            } else {
                "already present, completed"
            };
            println!(
                "{} (residence {}): {verb}",
                demo::RESIDENCE_NOM,
                summary.residence_id
            );
            Ok(())
        }
    }
}

async fn sms(db: &Database, command: SmsCommand) -> anyhow::Result<()> {
    use daftar_projections::recouvrement as registre;
    match command {
        SmsCommand::Acheter {
            residence,
            units,
            date_facture,
            total_ht,
        } => {
            if identity::find_residence(db, residence).await?.is_none() {
                bail!("no residence {residence}");
            }
            if units <= 0 {
                bail!("--units must be above 0");
            }
            let ht = daftar_domain::Montant::parse_dt(total_ht.trim())
                .map_err(|e| anyhow::anyhow!("--total-ht {total_ht}: {e}"))?;
            if ht.millimes() < 0 {
                bail!("--total-ht cannot be negative");
            }
            let ttc = crate::routes::recouvrement::total_ttc(ht.millimes())
                .context("--total-ht is too large")?;
            let achat = registre::acheter(
                db,
                residence,
                (units, date_facture, ht.millimes(), ttc),
                chrono::Utc::now(),
            )
            .await?;
            let solde = registre::solde(db, residence).await?;
            println!(
                "achat {} : {} SMS, facture du {}, {} DT HT, {} DT TTC (residence {residence}, solde {solde})",
                achat.id,
                achat.units,
                achat.date_facture,
                daftar_domain::Montant::from_millimes(achat.total_ht).to_dt_string(),
                daftar_domain::Montant::from_millimes(achat.total_ttc).to_dt_string(),
            );
        }
        SmsCommand::Outbox { residence } => {
            let messages = registre::en_attente(db, residence).await?;
            for message in &messages {
                println!(
                    "{}\tresidence {}\t+216{}\t{}\t{} segment(s)\t{}",
                    message.id,
                    message.residence_id,
                    message.tel,
                    message.cree_le.to_rfc3339(),
                    message.segments,
                    message.contenu.replace('\n', " ")
                );
            }
            println!("{} message(s) queued in the outbox", messages.len());
        }
    }
    Ok(())
}

async fn exercice(db: &Database, command: ExerciceCommand) -> anyhow::Result<()> {
    match command {
        ExerciceCommand::Ouvrir { residence, annee } => {
            if identity::find_residence(db, residence).await?.is_none() {
                bail!("no residence {residence}");
            }
            let ledger = Ledger::<GrandLivre>::new(db.clone(), ());
            let metadata = CommandMetadata {
                acting_user: "cli:exercice".to_owned(),
                request_id: uuid::Uuid::new_v4().to_string(),
            };
            ledger
                .execute(
                    &ResidenceId(residence).stream_id(),
                    GrandLivreCommand::Exercice(
                        daftar_domain::exercice::ExerciceCommand::OuvrirExercice { annee },
                    ),
                    &metadata,
                )
                .await
                .map_err(|e| anyhow::anyhow!("{}", ledger::ledger_error(e)))?;
            Projector::new(db.clone(), read_models()).catch_up().await?;
            println!("exercice {annee} ouvert (residence {residence})");
        }
    }
    Ok(())
}

/// The signing key of the file `DAFTAR_AUDIT_KEY` names.
fn audit_key() -> anyhow::Result<Vec<u8>> {
    let path = std::env::var("DAFTAR_AUDIT_KEY")
        .context("DAFTAR_AUDIT_KEY must name the signing key file (see `daftar audit keygen`)")?;
    std::fs::read(&path).with_context(|| format!("cannot read the signing key {path}"))
}

async fn audit(db: &Database, command: AuditCommand) -> anyhow::Result<()> {
    match command {
        AuditCommand::Keygen { out } => {
            let key = anchor::generate_key()?;
            write_private_file(&out, &key)?;
            println!("{}", anchor::public_key(&key)?);
        }
        AuditCommand::Replay {
            residence,
            exercice,
        } => {
            let (ecarts, documents) =
                crate::cloture_pack::verifier(db, residence, exercice).await?;
            for ecart in &ecarts {
                println!("DIFFERS {ecart}");
            }
            if !ecarts.is_empty() {
                bail!("the closing pack of {exercice} is not what the journal gives");
            }
            println!(
                "exercice {exercice} (residence {residence}): {documents} document(s) rendered again, identical to the closing"
            );
        }
        AuditCommand::Anchor => {
            let key = audit_key()?;
            let anchored_at = daftar_projections::db::timestamp(chrono::Utc::now());
            let journal = Journal::new(db.clone());
            let signed = anchor::anchor(&journal, &key, &anchored_at).await?;
            println!("{}", serde_json::to_string_pretty(&signed)?);
        }
        AuditCommand::Verify {
            residence,
            anchor: anchor_file,
            public_key,
        } => {
            let journal = Journal::new(db.clone());
            let only = residence.map(|id| ResidenceId(id).stream_id());
            // The books and the assemblies: every stream type of the journal.
            let report = daftar_projections::audit::verify_all(&journal, only.as_deref()).await?;
            for link in &report.broken {
                println!(
                    "BROKEN {}/{} at sequence {}: {}",
                    link.aggregate_type, link.aggregate_id, link.sequence, link.reason
                );
            }
            println!(
                "{} stream(s), {} event(s) verified, {} broken",
                report.streams_verified,
                report.events_verified,
                report.broken.len()
            );
            if !report.is_intact() {
                bail!("the ledger's hash chain is broken");
            }
            if let Some(file) = anchor_file {
                let text = std::fs::read_to_string(&file)
                    .with_context(|| format!("cannot read the anchor {}", file.display()))?;
                let signed: anchor::Anchor =
                    serde_json::from_str(&text).context("the anchor is not an anchor's JSON")?;
                let trusted = match public_key {
                    Some(key) => key,
                    None => anchor::public_key(&audit_key()?)?,
                };
                let mismatches = anchor::verify(&journal, &signed, &trusted).await?;
                for mismatch in &mismatches {
                    println!(
                        "REWRITTEN {}/{} at sequence {}: anchored {}, found {}",
                        mismatch.aggregate_type,
                        mismatch.residence_id,
                        mismatch.sequence,
                        signed
                            .heads
                            .iter()
                            .find(|head| {
                                head.aggregate_type == mismatch.aggregate_type
                                    && head.residence_id == mismatch.residence_id
                            })
                            .map_or("?", |head| head.hash.as_str()),
                        mismatch.found_hash.as_deref().unwrap_or("nothing")
                    );
                }
                println!(
                    "anchor of {}: {} head(s) checked, {} rewritten",
                    signed.anchored_at,
                    signed.heads.len(),
                    mismatches.len()
                );
                if !mismatches.is_empty() {
                    bail!("the ledger no longer matches its signed anchor");
                }
            }
        }
    }
    Ok(())
}

async fn projections(db: &Database, command: ProjectionsCommand) -> anyhow::Result<()> {
    match command {
        ProjectionsCommand::Rebuild => {
            let projector = Projector::new(db.clone(), read_models());
            let position = projector.rebuild().await?;
            println!("read models rebuilt up to position {position}");
            for failure in projector.health().failures {
                println!(
                    "residence {} set aside by {} at position {}: {}",
                    failure.residence_id, failure.model, failure.position, failure.error
                );
            }
        }
    }
    Ok(())
}

async fn connect() -> anyhow::Result<Database> {
    Settings::from_env()?.connect_database().await
}

async fn serve() -> anyhow::Result<()> {
    let settings = Settings::from_env()?;
    let addr = settings.addr;
    let app = Application::build(settings).await?;
    tracing::info!(%addr, port = app.port(), "Daftar is listening");
    app.run_until_stopped().await.context("server failed")
}

async fn residence(db: &Database, command: ResidenceCommand) -> anyhow::Result<()> {
    match command {
        ResidenceCommand::Create {
            nom,
            ville,
            adresse,
        } => {
            let id = identity::create_residence(db, &nom, &ville).await?;
            if let Some(adresse) = adresse {
                identity::set_residence_address(db, id, &adresse).await?;
            }
            tracing::info!(id, %nom, "residence created");
            println!("{id}");
        }
        ResidenceCommand::Deactivate { id } => {
            identity::set_residence_active(db, id, false).await?;
            tracing::info!(id, "residence deactivated");
        }
        ResidenceCommand::Activate { id } => {
            identity::set_residence_active(db, id, true).await?;
            tracing::info!(id, "residence activated");
        }
    }
    Ok(())
}

async fn user(db: &Database, command: UserCommand) -> anyhow::Result<()> {
    match command {
        UserCommand::Add {
            residence,
            tel,
            nom,
            syndic,
            finance,
            president,
            finalized,
        } => {
            if (finance || president) && !syndic {
                tracing::warn!("--finance and --president only take effect with --syndic");
            }
            let password = read_password(false)?;
            let without_password = password.is_none();
            let id = identity::add_user(
                db,
                NewUser {
                    residence_id: residence,
                    tel,
                    nom,
                    password,
                    is_syndic: syndic,
                    is_finance: finance,
                    is_president: president,
                    is_registration_finalized: finalized,
                },
            )
            .await?;
            tracing::info!(id, residence, "user added");
            if without_password {
                tracing::warn!("no password: the user cannot sign in until `daftar user password`");
            }
            println!("{id}");
        }
        UserCommand::Password { tel } => {
            let Some(password) = read_password(true)? else {
                bail!("no password given (set {PASSWORD_ENV} or type one)");
            };
            identity::set_password(db, &tel, &password, None).await?;
            tracing::info!("password set");
        }
        UserCommand::Deactivate { tel } => {
            identity::set_user_active(db, &tel, false).await?;
            tracing::info!("user deactivated");
        }
        UserCommand::Activate { tel } => {
            identity::set_user_active(db, &tel, true).await?;
            tracing::info!("user activated");
        }
        UserCommand::Roles {
            tel,
            finance,
            president,
        } => {
            let changes = user_roles(db, &tel, finance, president).await?;
            if changes.is_empty() {
                println!("nothing to change");
            }
            for change in changes {
                let after = change.after;
                println!(
                    "user {} ({}): syndic={} finance={} president={}",
                    change.user_id,
                    change.nom,
                    after.is_syndic,
                    after.is_finance,
                    after.is_president
                );
            }
        }
    }
    Ok(())
}

/// `daftar user roles`: sets the president and/or treasurer flag of the user with this phone
/// number (see [`council::set_roles`]) and records each user's change in the residence's
/// ledger (`ConsignerRolesConseil`, plus `ConsignerMembreConseilAjoute` for a user who thereby
/// joins the council). If the ledger cannot record them, the flags are put back, so a role
/// change never stands unaudited (events recorded before the failure stay: the journal is
/// append-only, and a rerun records the change again). Returns the changes (previous holders
/// first).
pub async fn user_roles(
    db: &Database,
    tel: &str,
    finance: Option<bool>,
    president: Option<bool>,
) -> anyhow::Result<Vec<RolesChange>> {
    if finance.is_none() && president.is_none() {
        bail!("give --finance true|false and/or --president true|false");
    }
    let changes = council::set_roles(db, tel, finance, president).await?;
    let ledger = Ledger::<GrandLivre>::new(db.clone(), ());
    let metadata = CommandMetadata {
        acting_user: "cli:user-roles".to_owned(),
        request_id: uuid::Uuid::new_v4().to_string(),
    };
    let mut recorded = Ok(());
    for change in &changes {
        let stream = ResidenceId(change.residence_id).stream_id();
        let mut commands = Vec::new();
        if change.after.is_syndic && !change.before.is_syndic {
            commands.push(GrandLivreCommand::Conseil(
                ConseilCommand::ConsignerMembreConseilAjoute {
                    user_id: change.user_id,
                    nom: change.nom.clone(),
                },
            ));
        }
        commands.push(GrandLivreCommand::Conseil(
            ConseilCommand::ConsignerRolesConseil {
                user_id: change.user_id,
                is_finance: change.after.is_finance,
                is_president: change.after.is_president,
            },
        ));
        for command in commands {
            if let Err(error) = ledger.execute(&stream, command, &metadata).await {
                recorded = Err(anyhow::anyhow!("{}", ledger::ledger_error(error)));
                break;
            }
        }
        if recorded.is_err() {
            break;
        }
    }
    if let Err(error) = recorded {
        for change in &changes {
            council::restore(db, change.user_id, change.before).await?;
        }
        return Err(error.context("the role change could not be recorded in the ledger; undone"));
    }
    Projector::new(db.clone(), read_models()).catch_up().await?;
    for change in &changes {
        tracing::info!(
            user_id = change.user_id,
            residence = change.residence_id,
            is_finance = change.after.is_finance,
            is_president = change.after.is_president,
            "council roles changed"
        );
    }
    Ok(changes)
}

/// The password from `DAFTAR_PASSWORD`, else typed twice at a prompt when a terminal is attached.
/// Empty means none.
fn read_password(required: bool) -> anyhow::Result<Option<String>> {
    if let Ok(password) = std::env::var(PASSWORD_ENV) {
        return Ok(Some(password).filter(|p| !p.is_empty()));
    }
    if !std::io::stdin().is_terminal() {
        return Ok(None);
    }
    let hint = if required { "" } else { " (empty: none)" };
    let password = rpassword::prompt_password(format!("Password{hint}: "))?;
    if password.is_empty() {
        return Ok(None);
    }
    let again = rpassword::prompt_password("Password again: ")?;
    if again != password {
        bail!("the passwords differ");
    }
    Ok(Some(password))
}

/// Writes `bytes` to a new file only its owner can read.
fn write_private_file(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options
        .open(path)
        .with_context(|| format!("cannot create {} (it must not exist yet)", path.display()))?;
    file.write_all(bytes)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn no_subcommand_means_serve() {
        let cli = Cli::try_parse_from(["daftar"]).unwrap();
        assert!(cli.command.is_none());
        let cli = Cli::try_parse_from([
            "daftar",
            "user",
            "add",
            "--residence",
            "1",
            "--tel",
            "20123456",
            "--nom",
            "Amira",
            "--syndic",
            "--finance",
        ])
        .unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::User {
                command: UserCommand::Add {
                    syndic: true,
                    finance: true,
                    president: false,
                    ..
                }
            })
        ));
    }

    #[test]
    fn roles_take_explicit_true_or_false() {
        let cli = Cli::try_parse_from([
            "daftar",
            "user",
            "roles",
            "--tel",
            "20123456",
            "--president",
            "true",
        ])
        .unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::User {
                command: UserCommand::Roles {
                    finance: None,
                    president: Some(true),
                    ..
                }
            })
        ));
        let cli = Cli::try_parse_from([
            "daftar",
            "user",
            "roles",
            "--tel",
            "20123456",
            "--finance",
            "false",
        ])
        .unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::User {
                command: UserCommand::Roles {
                    finance: Some(false),
                    president: None,
                    ..
                }
            })
        ));
        assert!(Cli::try_parse_from([
            "daftar",
            "user",
            "roles",
            "--tel",
            "20123456",
            "--finance",
            "oui",
        ])
        .is_err());
    }
}
