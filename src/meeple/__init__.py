"""meeple: five turn-based game systems, their engines, solvers, AIs, command line and browser app.

Every message meeple gives (errors, outcomes) exists in French, the default, and English::

    import meeple
    meeple.set_language("en")      # or MEEPLE_LANG=en in the environment
"""

from meeple.core.i18n import get_language, set_language

__version__ = "0.1.0"

__all__ = ["__version__", "get_language", "set_language"]
