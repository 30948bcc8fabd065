"""The game stage: the real PRG played under py65 — :mod:`.session` (boot, keys, state),
:mod:`.rules` (board invariants), :mod:`.scenarios` (scripted games and screenshots),
:mod:`.fuzz` (random keys) and :mod:`.terminal` (``wordle64 play``); :mod:`.keys` names the keys."""
