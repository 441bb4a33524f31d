// The migrations are embedded at compile time by `sqlx::migrate!`: rebuild this crate whenever
// one is added or changed, or a build would keep applying the old set.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
