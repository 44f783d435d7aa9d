//! GUI (in progress)
pub fn run() -> Result<(), String> {
    Ok(())
}
