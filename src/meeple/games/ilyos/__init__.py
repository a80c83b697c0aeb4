"""ilyos: engine package (see docs/rules/ilyos.md)."""
