"""hive: engine package (see docs/rules/hive.md)."""
