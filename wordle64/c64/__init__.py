"""The emulated Commodore 64 every check runs on.

- :mod:`.emu`: py65 harness — load a PRG and its labels, call a routine by label, run to RTS;
- :mod:`.machine`: the whole machine (c64py with KERNAL and BASIC ROMs), keys typed in the matrix;
- :mod:`.screen`: screen and colour RAM read back, rendered as text or PNG;
- :mod:`.prg`: PRG files (load address + payload).

This package is a shared helper: it never imports a pipeline stage.
"""
