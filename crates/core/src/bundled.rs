//! The data files shipped inside the binary (`data/`, `storybook-index/`), by relative path.
//! No file I/O: the table is generated at build time by `build.rs`. User overrides of these
//! files are read by the store (`store::data_files`), never here.

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The bundled text of `path` (e.g. `data/rules/furtherance.json`), if the build shipped it.
pub fn get(path: &str) -> Option<&'static str> {
    FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, text)| *text)
}

/// Every bundled file whose path starts with `prefix`, in path order.
pub fn under(prefix: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    FILES
        .iter()
        .filter(move |(p, _)| p.starts_with(prefix))
        .map(|(p, t)| (*p, *t))
}
