"""People on meeple: accounts (optional: anonymous play works as before), their sessions, and the seats and
games an account holds. Ratings, the lobby and profiles build on these (docs/security.md, « Accounts »)."""
