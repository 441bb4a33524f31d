//! The statement readers on sample files written for the tests (`api/tests/fixtures/releves/`),
//! each with known totals.

use chrono::NaiveDate;
use daftar_domain::banque::releves::{FormatDate, FormatReleve, MappingReleve, SeparateurDecimal};
use daftar_domain::Montant;

use super::*;

const CSV_FR: &[u8] = include_bytes!("../../tests/fixtures/releves/banque-fr-debit-credit.csv");
const CSV_POINT: &[u8] = include_bytes!("../../tests/fixtures/releves/banque-point-signe.csv");
const OFX: &[u8] = include_bytes!("../../tests/fixtures/releves/releve.ofx");
const CAMT: &[u8] = include_bytes!("../../tests/fixtures/releves/releve-camt053.xml");

fn jour(texte: &str) -> NaiveDate {
    texte.parse().unwrap()
}

fn mapping_fr() -> MappingReleve {
    MappingReleve {
        ligne_entete: 3,
        date: "Date opération".into(),
        libelle: "Libellé".into(),
        montant: None,
        debit: Some("Débit".into()),
        credit: Some("Crédit".into()),
        reference: Some("Référence".into()),
        format_date: FormatDate::JjMmAaaaBarre,
        separateur_decimal: SeparateurDecimal::Virgule,
    }
}

fn mapping_point() -> MappingReleve {
    MappingReleve {
        ligne_entete: 1,
        date: "date".into(),
        libelle: "label".into(),
        montant: Some("amount".into()),
        debit: None,
        credit: None,
        reference: Some("ref".into()),
        format_date: FormatDate::AaaaMmJj,
        separateur_decimal: SeparateurDecimal::Point,
    }
}

/// Credits and debits (as positive millimes) of a statement.
fn totaux(releve: &ReleveLu) -> (i64, i64) {
    releve.lignes.iter().fold((0, 0), |(c, d), l| {
        let m = l.montant.millimes();
        if m >= 0 {
            (c + m, d)
        } else {
            (c, d - m)
        }
    })
}

fn lu(lecture: Lecture) -> ReleveLu {
    match lecture {
        Lecture::Lu { releve, .. } => releve,
        Lecture::MappingRequis { .. } => panic!("a mapping was asked"),
    }
}

#[test]
fn each_sample_is_recognized_by_its_content() {
    assert_eq!(detecter(CSV_FR), Some(FormatReleve::Csv));
    assert_eq!(detecter(CSV_POINT), Some(FormatReleve::Csv));
    assert_eq!(detecter(OFX), Some(FormatReleve::Ofx));
    assert_eq!(detecter(CAMT), Some(FormatReleve::Camt053));
    assert_eq!(detecter(&xlsx()), Some(FormatReleve::Xlsx));
    assert_eq!(detecter(b"%PDF-1.7\n\x00\x01binary"), None);
    assert_eq!(detecter(b"just one line of words"), None);
    assert_eq!(
        lire(b"PK\x03\x04not a zip", None),
        Err(ErreurReleve::FormatInconnu)
    );
}

#[test]
fn a_french_csv_with_a_debit_credit_pair_reads_with_its_totals() {
    let releve = lu(lire(CSV_FR, Some(&mapping_fr())).unwrap());
    assert_eq!(releve.format, FormatReleve::Csv);
    assert_eq!(
        releve.lignes.len(),
        5,
        "the balance row without a date is skipped"
    );
    assert_eq!(totaux(&releve), (1_460_500, 1_458_250));
    assert_eq!(
        (releve.du, releve.au),
        (jour("2026-10-03"), jour("2026-10-31"))
    );
    let premiere = &releve.lignes[0];
    assert_eq!(premiere.numero, 4, "the file's line number");
    assert_eq!(premiere.libelle, "VIR RECU LEILA BEN ALI");
    assert_eq!(premiere.reference.as_deref(), Some("VIR-2026-118"));
    assert_eq!(releve.lignes[3].montant, Montant::from_millimes(-1_200_000));
    assert_eq!(releve.lignes[4].reference, None);
}

#[test]
fn a_csv_without_a_mapping_shows_its_columns_and_first_rows() {
    let Lecture::MappingRequis { format, apercu } = lire(CSV_FR, None).unwrap() else {
        panic!("no mapping: the form is needed");
    };
    assert_eq!(format, FormatReleve::Csv);
    assert_eq!(
        apercu.colonnes,
        ["Date opération", "Libellé", "Référence", "Débit", "Crédit"]
    );
    assert_eq!(apercu.apercu_brut.len(), 7);
    assert_eq!(apercu.apercu_brut[1][4], "110,000");
}

#[test]
fn a_dot_decimal_csv_with_signed_amounts_keeps_equal_lines() {
    let releve = lu(lire(CSV_POINT, Some(&mapping_point())).unwrap());
    assert_eq!(releve.lignes.len(), 3);
    assert_eq!(totaux(&releve), (1_500_250, 91_000));
    assert_eq!(releve.lignes[0].libelle, "Virement, loyer antenne");
}

#[test]
fn a_mapping_naming_a_missing_column_is_refused() {
    let mapping = MappingReleve {
        libelle: "Intitulé".into(),
        ..mapping_fr()
    };
    assert_eq!(
        lire(CSV_FR, Some(&mapping)),
        Err(ErreurReleve::ColonneInconnue("libelle"))
    );
    let sans_montant = MappingReleve {
        debit: None,
        ..mapping_fr()
    };
    assert_eq!(
        lire(CSV_FR, Some(&sans_montant)),
        Err(ErreurReleve::ColonneInconnue("montant"))
    );
}

#[test]
fn a_line_that_cannot_be_read_stops_the_reading_with_its_number() {
    let texte = String::from_utf8(CSV_POINT.to_vec())
        .unwrap()
        .replace("-45.5,\n2026", "-45.5.2,\n2026");
    assert_eq!(
        lire(texte.as_bytes(), Some(&mapping_point())),
        Err(ErreurReleve::LigneInvalide {
            ligne: 3,
            raison: "montant illisible: -45.5.2".into()
        })
    );
    let date = String::from_utf8(CSV_POINT.to_vec())
        .unwrap()
        .replace("2026-10-09", "09/13/2026");
    assert!(matches!(
        lire(date.as_bytes(), Some(&mapping_point())),
        Err(ErreurReleve::LigneInvalide { ligne: 3, .. })
    ));
}

#[test]
fn an_ofx_statement_reads_with_its_totals_period_and_closing_balance() {
    let releve = lu(lire(OFX, None).unwrap());
    assert_eq!(releve.format, FormatReleve::Ofx);
    assert_eq!(releve.lignes.len(), 3);
    assert_eq!(totaux(&releve), (110_000, 1_212_500));
    assert_eq!(
        (releve.du, releve.au),
        (jour("2026-10-01"), jour("2026-10-31"))
    );
    assert_eq!(
        releve.solde_cloture,
        Some(Montant::from_millimes(8_135_000))
    );
    assert_eq!(
        releve.lignes[0].libelle,
        "VIR RECU LEILA BEN ALI Charges T4"
    );
    assert_eq!(releve.lignes[1].reference.as_deref(), Some("0012345"));
    assert_eq!(releve.lignes[2].reference.as_deref(), Some("2026103103"));
}

#[test]
fn an_ofx_2_xml_statement_reads_too() {
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261004</DTPOSTED><TRNAMT>-30.250</TRNAMT>
<FITID>A1</FITID><NAME>Frais &amp; commissions</NAME></STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>100.000</BALAMT><DTASOF>20261031</DTASOF></LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"#;
    let releve = lu(lire(xml.as_bytes(), None).unwrap());
    assert_eq!(releve.lignes.len(), 1);
    assert_eq!(releve.lignes[0].montant, Montant::from_millimes(-30_250));
    assert_eq!(releve.lignes[0].libelle, "Frais & commissions");
    assert_eq!(releve.solde_cloture, Some(Montant::from_millimes(100_000)));
}

#[test]
fn an_ofx_transaction_without_an_amount_is_refused_with_its_line() {
    let texte = String::from_utf8(OFX.to_vec())
        .unwrap()
        .replace("<TRNAMT>-12.500\n", "");
    let Err(ErreurReleve::LigneInvalide { ligne, raison }) = lire(texte.as_bytes(), None) else {
        panic!("the transaction cannot be read");
    };
    assert_eq!((ligne, raison.as_str()), (35, "TRNAMT absent"));
}

#[test]
fn a_camt053_statement_reads_with_its_totals_and_balances() {
    let releve = lu(lire(CAMT, None).unwrap());
    assert_eq!(releve.format, FormatReleve::Camt053);
    assert_eq!(releve.lignes.len(), 3);
    assert_eq!(totaux(&releve), (1_460_500, 245_750));
    assert_eq!(
        (releve.du, releve.au),
        (jour("2026-10-01"), jour("2026-10-31"))
    );
    assert_eq!(
        releve.solde_ouverture,
        Some(Montant::from_millimes(9_000_000))
    );
    assert_eq!(
        releve.solde_cloture,
        Some(Montant::from_millimes(10_214_750))
    );
    let ouverture_plus_lignes = 9_000_000 + 1_460_500 - 245_750;
    assert_eq!(ouverture_plus_lignes, 10_214_750);
    assert_eq!(releve.lignes[0].reference.as_deref(), Some("VIR-2026-118"));
    assert_eq!(releve.lignes[0].libelle, "Charges T4 appartement A5");
    assert_eq!(releve.lignes[1].date, jour("2026-10-05"));
    assert_eq!(releve.lignes[2].reference.as_deref(), Some("BK-0003"));
}

#[test]
fn broken_xml_is_unreadable_not_unknown() {
    let texte = String::from_utf8(CAMT.to_vec())
        .unwrap()
        .replace("</Stmt>", "");
    assert!(matches!(
        lire(texte.as_bytes(), None),
        Err(ErreurReleve::Illisible(_))
    ));
}

/// A workbook like a bank's: a title row, then the headers, dates as date cells and amounts as
/// number cells, one debit typed as text in French.
fn xlsx() -> Vec<u8> {
    use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};
    let mut classeur = Workbook::new();
    let feuille = classeur.add_worksheet();
    let date = Format::new().set_num_format("dd/mm/yyyy");
    feuille.write_string(0, 0, "Relevé octobre 2026").unwrap();
    for (colonne, titre) in ["Date", "Libellé", "Débit", "Crédit"].iter().enumerate() {
        feuille.write_string(1, colonne as u16, *titre).unwrap();
    }
    let lignes: [(u8, &str, Option<f64>, Option<f64>); 3] = [
        (3, "VIR RECU", None, Some(110.0)),
        (7, "PRLV STEG", Some(245.75), None),
        (31, "FRAIS", Some(12.5), None),
    ];
    for (i, (jour, libelle, debit, credit)) in lignes.iter().enumerate() {
        let ligne = i as u32 + 2;
        let d = ExcelDateTime::from_ymd(2026, 10, *jour).unwrap();
        feuille
            .write_datetime_with_format(ligne, 0, &d, &date)
            .unwrap();
        feuille.write_string(ligne, 1, *libelle).unwrap();
        if let Some(debit) = debit {
            feuille.write_number(ligne, 2, *debit).unwrap();
        }
        if let Some(credit) = credit {
            feuille.write_number(ligne, 3, *credit).unwrap();
        }
    }
    feuille.write_string(5, 0, "2026-10-31").unwrap();
    feuille.write_string(5, 1, "AGIOS").unwrap();
    feuille.write_string(5, 2, "1 000,001").unwrap();
    classeur.save_to_buffer().unwrap()
}

#[test]
fn an_xlsx_statement_reads_its_first_sheet_with_the_mapping() {
    let mapping = MappingReleve {
        ligne_entete: 2,
        date: "Date".into(),
        libelle: "Libellé".into(),
        montant: None,
        debit: Some("Débit".into()),
        credit: Some("Crédit".into()),
        reference: None,
        format_date: FormatDate::JjMmAaaaBarre,
        separateur_decimal: SeparateurDecimal::Virgule,
    };
    let releve = lu(lire(&xlsx(), Some(&mapping)).unwrap());
    assert_eq!(releve.format, FormatReleve::Xlsx);
    assert_eq!(releve.lignes.len(), 4);
    assert_eq!(totaux(&releve), (110_000, 245_750 + 12_500 + 1_000_001));
    assert_eq!(releve.lignes[0].numero, 3);
    assert_eq!(releve.lignes[0].date, jour("2026-10-03"));
    let Lecture::MappingRequis { apercu, .. } = lire(&xlsx(), None).unwrap() else {
        panic!("no mapping");
    };
    assert_eq!(apercu.colonnes, ["Date", "Libellé", "Débit", "Crédit"]);
}

#[test]
fn texts_are_kept_on_one_line_without_control_characters() {
    assert_eq!(texte_ligne("  VIR\u{0}RECU\n  LEILA\t "), "VIR RECU LEILA");
    assert_eq!(texte_ligne(&"x".repeat(300)).chars().count(), 200);
}
