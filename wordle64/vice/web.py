"""`wordle64 web`: the built .d64 in VICE x64sc in your browser, served on 127.0.0.1.

The page, the VICE core and the disk come from this machine; nothing is fetched from elsewhere.
VICE autostarts the disk (LOAD"*",8,1 and RUN). By default its virtual drive loads it in
seconds; --true-drive loads through an emulated 1541 running Commodore DOS, at a real 1541's
pace (about a minute). Statistics the game SAVEs live on the page's copy of the disk and are
gone when the page is closed.
"""
from __future__ import annotations

import argparse
import time
import webbrowser
from pathlib import Path

from wordle64.vice.session import Server, Settings

DEFAULT_CORE = Path("resources/vice/core")
DEFAULT_DISK = Path("results/media/wordle64.d64")


def web_settings(true_drive: bool) -> Settings:
    extra = {} if true_drive else {"vice_virtual_device_traps": "enabled"}
    return Settings(true_drive=true_drive, autostart=True, audio=True, video=True, extra=extra)


def serve(core: Path, disk: Path, port: int, true_drive: bool) -> Server:
    name = "wordle64.d64"
    return Server.serve(core, disk, web_settings(true_drive).page_settings(name), port=port)


def page_url(server: Server) -> str:
    return server.url + "index.html?autoboot=1"


def add_commands(subparsers) -> None:
    parser = subparsers.add_parser(
        "web", help="play the .d64 in VICE x64sc in your browser (served on 127.0.0.1)",
        description="Serve the built disk image, the VICE x64sc web core and a page that runs "
                    "them, on 127.0.0.1; open the printed address in a browser. Keys sit where "
                    "a C64's do: Esc is RUN/STOP, Enter is RETURN, Backspace is INST/DEL.")
    parser.add_argument("--disk", default=str(DEFAULT_DISK), help="the .d64 to run")
    parser.add_argument("--core", default=str(DEFAULT_CORE),
                        help="folder of the VICE core (snakemake resources/vice/core/core.json)")
    parser.add_argument("--port", type=int, default=6464, help="port on 127.0.0.1 (0: any)")
    parser.add_argument("--true-drive", action="store_true",
                        help="load through an emulated 1541 with Commodore DOS (about a minute)")
    parser.add_argument("--open", action="store_true", help="open the page in the web browser")
    parser.set_defaults(func=_web_command)


def _web_command(args: argparse.Namespace) -> int:
    server = serve(Path(args.core), Path(args.disk), args.port, args.true_drive)
    url = page_url(server)
    print(f"wordle64 web: {url}  (Ctrl-C stops)", flush=True)
    if args.open:
        webbrowser.open(url)
    try:
        while True:
            time.sleep(3600)
    finally:
        server.close()
