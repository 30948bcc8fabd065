"""The emulated Commodore 64 every check runs on.

- :mod:`.emu`: py65 harness — load a PRG and its labels, call a routine by label, run to RTS;
- :mod:`.machine`: whole-machine runs (KERNAL and BASIC ROMs), keys typed in the matrix, screen;
- :mod:`.board`, :mod:`.bus`, :mod:`.cia`, :mod:`.datasette`, :mod:`.keyboard`: the machine model
  on py65 (6510 port, PLA banking, raster, lazy CIA timers, tape, keyboard matrix, serial hook);
- :mod:`.screen`: screen and colour RAM read back, rendered as text or PNG;
- :mod:`.prg`: PRG files (load address + payload).

This package is a shared helper: it never imports a pipeline stage.
"""
