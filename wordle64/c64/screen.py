"""The C64 text screen off the machine: decode screen + colour RAM and render it.

The game runs the VIC in extended background colour mode (ECM): a screen code's bits 0-5 pick
one of 64 glyphs of our own charset, bits 6-7 pick the cell background ($D021-$D024) and colour
RAM gives the foreground. `render` draws exactly that from a 64 KB memory image (the glyphs are
read from the charset the VIC points at, i.e. from the PRG itself), so a screenshot shows what a
C64 shows. Colours: Pepto's measured VIC-II palette ("Calculating the color palette of the
VIC II", Philip "Pepto" Timmermann, https://www.pepto.de/projects/colorvic/ , PAL, first
revision luminances), the palette VICE ships as ``pepto-pal``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SCREEN_COLUMNS = 40
SCREEN_ROWS = 25
COLOR_RAM = 0xD800

# Pepto's PAL palette, colours 0..15 (black, white, red, cyan, purple, green, blue, yellow,
# orange, brown, light red, dark grey, grey, light green, light blue, light grey).
PEPTO_PALETTE: tuple[tuple[int, int, int], ...] = (
    (0x00, 0x00, 0x00), (0xFF, 0xFF, 0xFF), (0x68, 0x37, 0x2B), (0x70, 0xA4, 0xB2),
    (0x6F, 0x3D, 0x86), (0x58, 0x8D, 0x43), (0x35, 0x28, 0x79), (0xB8, 0xC7, 0x6F),
    (0x6F, 0x4F, 0x25), (0x43, 0x39, 0x00), (0x9A, 0x67, 0x59), (0x44, 0x44, 0x44),
    (0x6C, 0x6C, 0x6C), (0x9A, 0xD2, 0x84), (0x6C, 0x5E, 0xB5), (0x95, 0x95, 0x95),
)

# Glyph numbers of our charset (workflow/asm/charset.s) as text: letters, digits, punctuation;
# tile outline pieces as box-drawing characters; the full block.
_GLYPH_TEXT = {0: "█", 34: "█", 27: "┌", 28: "┐", 29: "└", 30: "┘", 31: "─", 35: "─", 36: "│", 38: "│"}
for _code in range(1, 27):
    _GLYPH_TEXT[_code] = chr(ord("A") + _code - 1)
for _code in range(32, 64):
    _GLYPH_TEXT.setdefault(_code, chr(_code))
GLYPH_TEXT: tuple[str, ...] = tuple(_GLYPH_TEXT.get(code, "?") for code in range(64))
# Screen code (0-255, as a Latin-1 character) -> its glyph's text, for str.translate.
_CODE_TEXT = {code: GLYPH_TEXT[code & 0x3F] for code in range(256)}
_LOW_NIBBLE = bytes(value & 0x0F for value in range(256))


def code_lines(codes: bytes) -> list[str]:
    """1000 screen codes as 25 lines of text (each code's glyph, as GLYPH_TEXT names it)."""
    text = codes.decode("latin-1").translate(_CODE_TEXT)
    return [text[row:row + SCREEN_COLUMNS]
            for row in range(0, SCREEN_ROWS * SCREEN_COLUMNS, SCREEN_COLUMNS)]


@dataclass(frozen=True)
class Screen:
    """What the VIC shows: 1000 screen codes, 1000 colours and the registers that matter."""

    codes: bytes
    colours: bytes
    ecm: bool
    border: int
    backgrounds: tuple[int, int, int, int]
    charset: bytes          # 64 glyphs x 8 bytes (ECM) or 256 x 8

    def cell(self, column: int, row: int) -> tuple[int, int]:
        """(screen code, foreground colour) of one cell."""
        index = row * SCREEN_COLUMNS + column
        return self.codes[index], self.colours[index]

    def background(self, column: int, row: int) -> int:
        """Background colour of one cell (ECM picks it from the code's top bits)."""
        code = self.codes[row * SCREEN_COLUMNS + column]
        return self.backgrounds[code >> 6] if self.ecm else self.backgrounds[0]

    def glyph(self, column: int, row: int) -> int:
        code = self.codes[row * SCREEN_COLUMNS + column]
        return code & 0x3F if self.ecm else code

    def text_lines(self) -> list[str]:
        """The screen as 25 lines of text (glyphs only, colours dropped)."""
        return code_lines(self.codes)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.text_lines())

    def find(self, needle: str) -> tuple[int, int] | None:
        """(column, row) of the first occurrence of `needle` on a line, else None."""
        for row, line in enumerate(self.text_lines()):
            column = line.find(needle)
            if column >= 0:
                return column, row
        return None


def read_screen(memory: bytes | bytearray) -> Screen:
    """Decode the VIC state from a 64 KB memory image (bank 0, as the game sets it up)."""
    d018 = memory[0xD018]
    screen = (d018 >> 4) * 0x400
    charset_base = ((d018 >> 1) & 0x07) * 0x800
    if 0x1000 <= charset_base < 0x2000:
        raise ValueError(f"the VIC shows the ROM charset (${charset_base:04X}); no ROM here")
    ecm = bool(memory[0xD011] & 0x40)
    glyphs = 64 if ecm else 256
    return Screen(
        codes=bytes(memory[screen:screen + 1000]),
        colours=bytes(memory[COLOR_RAM:COLOR_RAM + 1000]).translate(_LOW_NIBBLE),
        ecm=ecm,
        border=memory[0xD020] & 0x0F,
        backgrounds=tuple(memory[0xD021 + i] & 0x0F for i in range(4)),  # type: ignore[arg-type]
        charset=bytes(memory[charset_base:charset_base + glyphs * 8]),
    )


def render(screen: Screen, scale: int = 2, border: int = 24):
    """A PIL image of the screen: 320x200 pixels plus `border` on each side, times `scale`."""
    import numpy as np
    from PIL import Image

    palette = np.array(PEPTO_PALETTE, dtype=np.uint8)
    glyph_count = len(screen.charset) // 8
    bits = np.unpackbits(np.frombuffer(screen.charset, dtype=np.uint8)).reshape(glyph_count, 8, 8)
    codes = np.frombuffer(screen.codes, dtype=np.uint8)
    glyph_index = codes & 0x3F if screen.ecm else codes
    if screen.ecm:
        bg = np.array(screen.backgrounds, dtype=np.uint8)[codes >> 6]
    else:
        bg = np.full(1000, screen.backgrounds[0], dtype=np.uint8)
    fg = np.frombuffer(screen.colours, dtype=np.uint8)
    cells = bits[glyph_index]                                       # (1000, 8, 8)
    colour_index = np.where(cells == 1, fg[:, None, None], bg[:, None, None])
    pixels = colour_index.reshape(SCREEN_ROWS, SCREEN_COLUMNS, 8, 8).transpose(0, 2, 1, 3)
    pixels = pixels.reshape(SCREEN_ROWS * 8, SCREEN_COLUMNS * 8)
    framed = np.full((200 + 2 * border, 320 + 2 * border), screen.border, dtype=np.uint8)
    framed[border:border + 200, border:border + 320] = pixels
    image = Image.fromarray(palette[framed], "RGB")
    if scale != 1:
        image = image.resize((image.width * scale, image.height * scale), Image.NEAREST)
    return image


def save_png(screen: Screen, path: str | Path, scale: int = 2) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.png")
    render(screen, scale=scale).save(tmp)
    tmp.replace(path)


def ansi(screen: Screen) -> str:
    """The screen for a true-colour terminal: one character per cell, fore- and background."""
    out = []
    for row in range(SCREEN_ROWS):
        line = []
        for column in range(SCREEN_COLUMNS):
            code, colour = screen.cell(column, row)
            fr, fg_, fb = PEPTO_PALETTE[colour]
            br, bg_, bb = PEPTO_PALETTE[screen.background(column, row)]
            line.append(f"\x1b[38;2;{fr};{fg_};{fb}m\x1b[48;2;{br};{bg_};{bb}m"
                        f"{GLYPH_TEXT[screen.glyph(column, row) & 0x3F]}")
        out.append("".join(line) + "\x1b[0m")
    return "\n".join(out)
