"""The media stage: disk and tape images of the PRG (:mod:`.images`) and their load times."""
