"""murder: engine package (see docs/rules/murder.md)."""
