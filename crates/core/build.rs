//! Embeds every JSON file under `data/` and `storybook-index/` into the binary, so the app
//! runs with no files beside it. The generated table maps a path such as
//! `data/furtherance/board.json` to the file's text; `crate::bundled` reads it. The folders
//! sit at the workspace's root (two levels above this crate), where players and the docs
//! find them.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets this"));
    let root = manifest.join("../..");
    let mut files = Vec::new();
    for top in ["data", "storybook-index"] {
        println!("cargo:rerun-if-changed={top}");
        collect(&root.join(top), &mut files);
    }
    files.sort();
    let mut code = String::from("pub static FILES: &[(&str, &str)] = &[\n");
    for file in &files {
        let rel = file.strip_prefix(&root).expect("under the manifest dir");
        let rel = rel.to_string_lossy().replace('\\', "/");
        println!("cargo:rerun-if-changed={}", file.display());
        let _ = writeln!(
            code,
            "    ({rel:?}, include_str!({:?})),",
            file.display().to_string()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets this")).join("bundled.rs");
    std::fs::write(out, code).expect("write generated table");
}
