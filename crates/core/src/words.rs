//! How the table says a count: "1 quest", "3 quests". One place for the rule, so every
//! message (score lines, imports, notices) reads the same.

/// `n` with the noun that fits it: `one` for exactly one, `many` otherwise ("0 quests").
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(count(1u8, "quest", "quests"), "1 quest");
        assert_eq!(count(0u8, "quest", "quests"), "0 quests");
        assert_eq!(
            count(3usize as u64, "row of boxes", "rows of boxes"),
            "3 rows of boxes"
        );
    }
}
