//! The account-name rule, shared by sign-in, the account screen and `adeval user`.

/// Accounts are 1 to 50 letters, digits and `_ . @ -`.
pub fn valid_account(account: &str) -> bool {
    (1..=50).contains(&account.chars().count())
        && account.chars().all(|c| c.is_ascii_alphanumeric() || "_.@-".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts_are_short_and_plain() {
        assert!(valid_account("admin") && valid_account("a.b_c@d-e"));
        assert!(!valid_account("") && !valid_account("管理员") && !valid_account("a b"));
        assert!(valid_account(&"a".repeat(50)) && !valid_account(&"a".repeat(51)));
    }
}
