"""The emulated Commodore 64 every check runs on.

- :mod:`.emu`: py65 harness — load a PRG and its labels, call a routine by label, run to RTS;
- :mod:`.machine`: whole-machine runs (KERNAL and BASIC ROMs), keys typed in the matrix, screen;
- :mod:`.board`, :mod:`.bus`, :mod:`.cia`, :mod:`.datasette`, :mod:`.keyboard`: the machine model
  on py65 (6510 port, PLA banking, raster, lazy CIA timers, tape, keyboard matrix, serial hook);
- :mod:`.screen`: screen and colour RAM read back, rendered as text or PNG;
- :mod:`.prg`: PRG files (load address + payload);
- :mod:`.iec`: the serial bus, device side (ATN/CLK/DATA on CIA2 port A), lazily timed;
- :mod:`.drive`: a 1541 on that bus serving a .d64 (LOAD, SAVE, OPEN by name, status channel);
- :mod:`.d64`: .d64 blocks, BAM, directory and checked sector chains;
- :mod:`.ready`: commands typed at READY. and the drive status read through the KERNAL.

This package is a shared helper: it never imports a pipeline stage.
"""
