use std::process::ExitCode;

use clap::Parser;

#[actix_web::main]
async fn main() -> ExitCode {
    daftar_api::telemetry::init();
    match daftar_api::cli::run(daftar_api::cli::Cli::parse()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // The cause chain on one line; no backtrace for an operator's mistake.
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
