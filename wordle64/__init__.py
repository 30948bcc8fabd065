"""wordle64: word lists -> a Commodore 64 Wordle in 6502 assembly, plus word-game tools."""

__version__ = "0.1.0"
