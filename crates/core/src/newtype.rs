//! Glue for the small numbers the games keep in range (a map number, a game length, a Dome
//! number): serde reads and writes them as a plain `u8` through their checked `new`, so a file
//! can never hold one out of range. Written once here instead of in every game.

/// `TryFrom<u8>` through the type's `new(u8) -> Result<Self, $error>`, and `From<Self> for
/// u8`, for a `struct $name(u8)` marked `#[serde(try_from = "u8", into = "u8")]`.
macro_rules! checked_u8 {
    ($name:ident, $error:ty) => {
        impl TryFrom<u8> for $name {
            type Error = $error;
            fn try_from(n: u8) -> Result<Self, $error> {
                $name::new(n)
            }
        }

        impl From<$name> for u8 {
            fn from(v: $name) -> u8 {
                v.0
            }
        }
    };
}
pub(crate) use checked_u8;

#[cfg(test)]
mod tests {
    #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(try_from = "u8", into = "u8")]
    struct Die(u8);

    impl Die {
        fn new(n: u8) -> Result<Die, NotAFace> {
            if (1..=6).contains(&n) {
                Ok(Die(n))
            } else {
                Err(NotAFace(n))
            }
        }
    }

    #[derive(Debug, thiserror::Error)]
    #[error("a die shows 1 to 6, not {0}")]
    struct NotAFace(u8);

    super::checked_u8!(Die, NotAFace);

    #[test]
    fn a_checked_number_reads_and_writes_as_a_plain_u8_and_refuses_out_of_range() {
        assert_eq!(serde_json::from_str::<Die>("4").unwrap(), Die(4));
        assert_eq!(serde_json::to_string(&Die(4)).unwrap(), "4");
        let err = serde_json::from_str::<Die>("7").unwrap_err().to_string();
        assert!(err.contains("a die shows 1 to 6, not 7"), "{err}");
    }
}
