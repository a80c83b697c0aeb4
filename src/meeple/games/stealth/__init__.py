"""stealth: engine package (see docs/rules/stealth.md)."""
