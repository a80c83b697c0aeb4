"""skirmish: engine package (see docs/rules/skirmish.md)."""
