//! A real SMTP server for a test: `ops/lib/smtp_recorder.py` (Python's aiosmtpd, installed by
//! `ops/test`) on a free port of 127.0.0.1, writing each message it receives to a folder the test
//! reads. Stopped when dropped.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub struct SmtpServer {
    child: Child,
    folder: tempfile::TempDir,
    pub port: u16,
}

impl SmtpServer {
    pub fn start() -> Self {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ops/lib/smtp_recorder.py");
        let folder = tempfile::tempdir().unwrap();
        let mut child = Command::new("python3")
            .arg(&script)
            .arg(folder.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("python3 {} must run: {e}", script.display()));
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line.trim().parse().unwrap_or_else(|_| {
            panic!("the SMTP recorder did not start (is aiosmtpd installed? ops/test installs it): {line:?}")
        });
        Self {
            child,
            folder,
            port,
        }
    }

    /// `smtp://127.0.0.1:<port>` (plain SMTP, as lettre's URL form says).
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The messages received so far, in order (`from`, `to`, `subject`, `text`, `html`).
    pub fn received(&self) -> Vec<Value> {
        let mut names: Vec<_> = std::fs::read_dir(self.folder.path())
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .collect();
        names.sort();
        names
            .iter()
            .map(|path| serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap())
            .collect()
    }

    /// Waits (10 s at most) until `count` messages have arrived and returns them.
    pub async fn wait_for(&self, count: usize) -> Vec<Value> {
        let start = Instant::now();
        loop {
            let received = self.received();
            if received.len() >= count {
                return received;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "expected {count} mails, got {}",
                received.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
