"""meeple in the game-AI ecosystem: OpenSpiel games, PettingZoo and Gymnasium environments.

* :mod:`meeple.interop.spaces` — the fixed action space and observation tensor of each game (pure
  meeple + numpy): every legal move has exactly one action id, every action id names at most one move;
* :mod:`meeple.interop.openspiel` — ``pyspiel`` Python games ``meeple_<game>`` (extra ``openspiel``);
* :mod:`meeple.interop.pettingzoo` — AEC environments for ilyos, hive and skirmish (extra ``rl``);
* :mod:`meeple.interop.gymnasium` — ``meeple/Stealth-v0`` and ``meeple/Murder-v0`` (extra ``rl``).

The engines stay the only authority: an adapter turns an action id into the engine's move and
``push``\\ es it; an illegal id comes back with the engine's reason. docs/interop.md documents the
encodings.
"""
