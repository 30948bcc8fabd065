"""VICE x64sc (the libretro core built for the web) in headless Chromium, driven from Python.

`Vice.start` serves the host page (wordle64/vice/page), the core and one image on 127.0.0.1,
boots the image with `Settings`, and then reads the emulated C64 through VICE's own snapshot:
its CPU clock (the time every check reports), its PC and its RAM. Keys go in as the browser's
key events; the core's positional keymap puts each on the C64 key in the same place.
"""
from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from wordle64.c64.emu import FRAME_CYCLES, PAL_HZ   # VICE's MAINCPU clock counts PAL cycles
from wordle64.c64.screen import code_lines
from wordle64.errors import Wordle64Error
from wordle64.vice.cdp import Browser

PAGE = Path(__file__).with_name("page")
SCREEN = 0x0400
SCREEN_CELLS = 1000
KEY_HOLD_FRAMES = 3                   # the KERNAL scans the keyboard once a frame
KEY_GAP_FRAMES = 3
SHIFT_LEAD_FRAMES = 3                 # the shift key is seen before the key it shifts

# Browser key codes in the places of the C64 keys they stand for (positional keymap).
NAMED_CODES = {"RETURN": "Enter", "STOP": "Escape", "DEL": "Backspace", "SPACE": "Space",
               "F1": "F1", "HOME": "Home", "DOWN": "ArrowDown", "RIGHT": "ArrowRight",
               "CBM": "ControlLeft"}
CHAR_CODES = {" ": ("Space", False), "\n": ("Enter", False), "*": ("BracketRight", False),
              '"': ("Digit2", True), "$": ("Digit4", True), ",": ("Comma", False),
              ".": ("Period", False), "/": ("Slash", False), ":": ("Semicolon", False),
              "-": ("Equal", False), "+": ("Minus", False)}
VIRTUAL_KEYS = {"Enter": 13, "Escape": 27, "Backspace": 8, "Space": 32, "ShiftLeft": 16,
                "BracketRight": 221, "Comma": 188, "Period": 190, "Slash": 191,
                "Semicolon": 186, "Equal": 187, "Minus": 189, "F1": 112, "Home": 36,
                "ArrowDown": 40, "ArrowRight": 39, "ControlLeft": 17}

RETROARCH_CONFIG = """\
audio_enable = "{audio}"
video_vsync = "false"
menu_driver = "null"
config_save_on_exit = "false"
savestate_auto_save = "false"
savestate_auto_load = "false"
screenshot_directory = "/"
input_auto_game_focus = "0"
input_game_focus_toggle = "nul"
"""
# Every RetroArch hotkey off: a C64 key must reach the C64, never the frontend.
HOTKEYS = ("input_exit_emulator", "input_menu_toggle", "input_pause_toggle", "input_reset",
           "input_toggle_fast_forward", "input_hold_fast_forward", "input_screenshot",
           "input_save_state", "input_load_state", "input_state_slot_increase",
           "input_state_slot_decrease", "input_rewind", "input_frame_advance",
           "input_toggle_fullscreen", "input_fps_toggle", "input_grab_mouse_toggle",
           "input_hold_slowmotion", "input_toggle_slowmotion", "input_audio_mute",
           "input_volume_up", "input_volume_down", "input_osk_toggle", "input_shader_next",
           "input_shader_prev", "input_movie_record_toggle", "input_netplay_game_watch",
           "input_cheat_toggle", "input_disk_eject_toggle", "input_disk_next",
           "input_disk_prev", "input_recording_toggle", "input_streaming_toggle",
           "input_ai_service", "input_close_content", "input_send_debug_info",
           "input_game_focus_toggle", "input_enable_hotkey", "input_desktop_menu_toggle",
           "input_runahead_toggle", "input_toggle_statistics", "input_turbo_fire_toggle")


@dataclass
class Settings:
    """What VICE is told: the core's options and the RetroArch frontend's."""

    true_drive: bool = True          # the 1541's own 6502 runs Commodore DOS
    autostart: bool = False          # VICE types LOAD and RUN itself (tapes: LOAD + PLAY)
    audio: bool = False              # sound only for a person (wordle64 web)
    video: bool = False              # frames drawn on the page's canvas (a person watching);
    # checks read screen RAM and take RetroArch's screenshots, which need no video driver
    extra: dict[str, str] = field(default_factory=dict)
    # VICE's own command-line options, e.g. ("-drive8type", "1542"): given, the core starts from
    # an m3u playlist whose #COMMAND: line holds them (see command_line)
    vice_args: tuple[str, ...] = ()
    # VICE's resources, e.g. {"Drive8Type": "1541"}: written to system/vice/vicerc, which the
    # core then reads (vice_read_vicerc)
    resources: dict[str, str] = field(default_factory=dict)

    def options(self) -> dict[str, str]:
        options = {
            "vice_drive_true_emulation": "enabled" if self.true_drive else "disabled",
            "vice_virtual_device_traps": "disabled",
            "vice_autostart": "enabled" if self.autostart else "disabled",
            "vice_autoloadwarp": "disabled",
            "vice_warp_boost": "disabled",
            "vice_c64_model": "C64 PAL auto",
            "vice_sid_engine": "FastSID",
            "vice_keyboard_keymap": "positional",
            "vice_floppy_write_protection": "disabled",
            "vice_statusbar": "disabled",
            "vice_drive_sound_emulation": "disabled",
            "vice_datasette_hotkeys": "disabled",
            "vice_read_vicerc": "enabled" if self.resources else "disabled",
            "vice_reset": "Autostart",
        }
        options.update(self.extra)
        return options

    def config(self) -> str:
        text = RETROARCH_CONFIG.format(audio="true" if self.audio else "false")
        if not self.video:
            text += 'video_driver = "null"\n'
        if not self.audio:
            text += 'audio_driver = "null"\n'
        text += "system_directory = \"/system\"\n"
        return text + "".join(f'{key} = "nul"\n' for key in HOTKEYS)

    def page_settings(self, name: str) -> dict:
        return {"image": name, "name": name, "options": self.options(),
                "config": self.config(),
                "command": self.command_line("/" + name),
                "vicerc": self.vicerc()}

    def vicerc(self) -> str:
        """VICE's resources file (system/vice/vicerc): "" unless some are set."""
        if not self.resources:
            return ""
        return "[C64SC]\n" + "".join(f"{key}={value}\n" for key, value in self.resources.items())

    def command_line(self, image: str) -> str:
        """libretro-vice's #COMMAND: line: VICE's options, "{image}" standing for the image (by
        default attached to drive 8); "" with no options (the image is the content)."""
        if not self.vice_args:
            return ""
        args = self.vice_args if "{image}" in self.vice_args else self.vice_args + ("-8",
                                                                                     "{image}")
        return " ".join(("x64sc",) + tuple(image if a == "{image}" else a for a in args))


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args) -> None:   # the page's requests are not the user's business
        pass


@dataclass
class Server:
    """The host page, the core and one image, served from a scratch folder on 127.0.0.1."""

    folder: tempfile.TemporaryDirectory
    httpd: http.server.ThreadingHTTPServer
    thread: threading.Thread

    @classmethod
    def serve(cls, core: Path, image: Path, settings: dict, port: int = 0,
              host: str = "127.0.0.1") -> "Server":
        for needed in ("vice_x64sc_libretro.js", "vice_x64sc_libretro.wasm"):
            if not (core / needed).is_file():
                raise Wordle64Error(f"{core / needed}: not found; fetch the core first "
                                    "(snakemake --cores all resources/vice/core/core.json)")
        if not image.is_file():
            raise Wordle64Error(f"{image}: not found; build it first (snakemake --cores all)")
        folder = tempfile.TemporaryDirectory(prefix="wordle64-vice-")
        root = Path(folder.name)
        for page_file in PAGE.iterdir():
            os.symlink(page_file.resolve(), root / page_file.name)
        os.symlink(core.resolve(), root / "core")
        shutil.copyfile(image, root / settings["name"])
        (root / "settings.json").write_text(json.dumps(settings))
        handler = functools.partial(_QuietHandler, directory=str(root))
        httpd = http.server.ThreadingHTTPServer((host, port), handler)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        return cls(folder, httpd, thread)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.folder.cleanup()


@dataclass
class State:
    clock: int
    pc: int
    ram: list[bytes]


class Vice:
    """One VICE x64sc running one image; see the module's docstring."""

    def __init__(self, browser: Browser, server: Server, image_name: str) -> None:
        self.browser = browser
        self.server = server
        self.image_name = image_name    # the image's name in the emulator's file system

    @classmethod
    def start(cls, core: Path, image: Path, settings: Settings | None = None,
              speed: str = "max") -> "Vice":
        settings = settings or Settings()
        name = "wordle64" + Path(image).suffix.lower()
        server = Server.serve(Path(core), Path(image), settings.page_settings(name))
        browser = Browser.launch()
        vice = cls(browser, server, name)
        try:
            browser.navigate(server.url + f"index.html?speed={speed}")
            browser.evaluate("new Promise(r => { const t = () => window.vice ? r(1) : "
                             "setTimeout(t, 20); t(); })", timeout=60)
            browser.evaluate(f"vice.boot({json.dumps(settings.page_settings(name))})",
                             timeout=120)
        except Exception:
            vice.close()
            raise
        return vice

    def close(self) -> None:
        self.browser.close()
        self.server.close()

    def __enter__(self) -> "Vice":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- reading ----
    def state(self, ranges: tuple[tuple[int, int], ...] = ()) -> State:
        value = self.browser.evaluate(f"vice.state({json.dumps([list(r) for r in ranges])})")
        return State(int(value["clock"]), int(value["pc"]),
                     [base64.b64decode(chunk) for chunk in value["ram"]])

    @property
    def clock(self) -> int:
        return self.state().clock

    def screen_codes(self) -> bytes:
        return self.state(((SCREEN, SCREEN + SCREEN_CELLS),)).ram[0]

    def ram(self, start: int, end: int) -> bytes:
        return self.state(((start, end),)).ram[0]

    def where(self) -> str:
        """The C64's PC and its screen, read at one moment: what a check that waited in vain
        reports."""
        state = self.state(((SCREEN, SCREEN + SCREEN_CELLS),))
        return f"PC ${state.pc:04X}, the screen:\n{screen_text(state.ram[0])}"

    def wait_for(self, predicate, timeout_seconds: float, what: str, ranges=(),
                 poll: float = 0.005) -> State:
        """Run until predicate(state) holds; timeout in emulated seconds."""
        start = self.state(ranges)
        limit = start.clock + int(timeout_seconds * PAL_HZ)
        state = start
        while not predicate(state):
            if state.clock > limit:
                raise Wordle64Error(f"VICE: {what} not seen within {timeout_seconds:g} emulated "
                                    f"s: {self.where()}")
            time.sleep(poll)
            state = self.state(ranges)
        return state

    def wait_cycles(self, cycles: int) -> int:
        target = self.clock + cycles
        return self.wait_for(lambda s: s.clock >= target, cycles / PAL_HZ + 5,
                             f"{cycles} cycles", poll=0.005).clock

    def wait_text(self, text: str, timeout_seconds: float = 30.0) -> State:
        """Run until `text` shows in screen RAM (as the C64's screen codes)."""
        wanted = screen_codes_of(text)
        return self.wait_for(lambda s: wanted in s.ram[0], timeout_seconds, repr(text),
                             ranges=((SCREEN, SCREEN + SCREEN_CELLS),))

    def snapshot_module(self, name: str) -> bytes:
        """One module of VICE's snapshot, e.g. DRIVECPU0: the 1541's CPU and its 2 KB of RAM."""
        return base64.b64decode(self.browser.evaluate(f"vice.snapshotModule({json.dumps(name)})"))

    def screenshot(self, path: Path) -> None:
        data = base64.b64decode(self.browser.evaluate("vice.screenshot()"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    def file(self, path: str) -> bytes:
        """A file of the emulator's own file system (e.g. the attached image, as written)."""
        return base64.b64decode(self.browser.evaluate(f"vice.file({json.dumps(path)})"))

    @property
    def image_path(self) -> str:
        return "/" + self.image_name

    # ---- keys ----
    def _key_event(self, kind: str, code: str) -> None:
        key = code[-1].lower() if code.startswith(("Key", "Digit")) else code
        params = {"type": kind, "code": code, "key": key,
                  "windowsVirtualKeyCode": VIRTUAL_KEYS.get(code, ord(code[-1].upper()))}
        self.browser.call("Input.dispatchKeyEvent", **params)

    def press(self, code: str, shift: bool = False) -> int:
        """One C64 key (browser key code in its place), held for a few frames; returns the
        emulated clock when it went down."""
        if shift:
            self._key_event("keyDown", "ShiftLeft")
            self.wait_cycles(SHIFT_LEAD_FRAMES * FRAME_CYCLES)
        self._key_event("keyDown", code)
        down = self.clock
        self.wait_cycles(KEY_HOLD_FRAMES * FRAME_CYCLES)
        self._key_event("keyUp", code)
        if shift:
            self._key_event("keyUp", "ShiftLeft")
        self.wait_cycles(KEY_GAP_FRAMES * FRAME_CYCLES)
        return down

    def type(self, script: str) -> int:
        """Type a key script ("LOAD\\"*\\",8,1{RETURN}", "CRANE{RETURN}"); returns the clock
        when its last key went down."""
        down = self.clock
        for code, shift in key_codes(script):
            down = self.press(code, shift)
        return down


def key_codes(script: str) -> list[tuple[str, bool]]:
    """Browser key codes (and shift) for a key script: characters and {NAME} keys."""
    codes: list[tuple[str, bool]] = []
    position = 0
    while position < len(script):
        char = script[position]
        if char == "{":
            end = script.index("}", position)
            name = script[position + 1:end].upper()
            if name not in NAMED_CODES:
                raise Wordle64Error(f"VICE key script {script!r}: no key {name}")
            codes.append((NAMED_CODES[name], False))
            position = end + 1
            continue
        if char.isascii() and char.isalpha():
            codes.append(("Key" + char.upper(), False))
        elif char.isdigit():
            codes.append(("Digit" + char, False))
        elif char in CHAR_CODES:
            codes.append(CHAR_CODES[char])
        else:
            raise Wordle64Error(f"VICE key script {script!r}: cannot type {char!r}")
        position += 1
    return codes


def screen_codes_of(text: str) -> bytes:
    """Text as the C64's screen codes (upper case and digits; the game's charset keeps them)."""
    out = bytearray()
    for char in text.upper():
        code = ord(char)
        out.append(code - 0x40 if 0x41 <= code <= 0x5A else code if code < 0x40 else 0x20)
    return bytes(out)


def screen_text(codes: bytes) -> str:
    """Screen RAM as 25 lines of text (wordle64.c64.screen's reading of each code)."""
    return "\n".join(line.rstrip() for line in code_lines(codes))
