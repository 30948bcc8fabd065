"""The game stage: the real PRG played under py65 (:mod:`.harness`): scripted games, fuzzing,
screenshots and ``wordle64 play``."""
