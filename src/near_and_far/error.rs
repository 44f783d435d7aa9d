//! The error every engine action returns when the rules forbid it: one message a player
//! understands, saying which rule (and page) is in the way.

/// A refused action, with the reason in the player's terms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(message: impl Into<String>) -> RuleError {
        RuleError(message.into())
    }
}

impl From<String> for RuleError {
    fn from(s: String) -> RuleError {
        RuleError(s)
    }
}

pub type RuleResult<T> = Result<T, RuleError>;
