"""meeple: five turn-based game systems, their engines, solvers, AIs, command line and browser app."""

__version__ = "0.1.0"
