"""A minimal Chrome DevTools Protocol client over Chromium's --remote-debugging-pipe.

The pipe (fd 3 in, fd 4 out, NUL-terminated JSON messages) needs no port, no websocket library
and no Node.js: headless Chromium is a child process whose two extra file descriptors we own.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass

from wordle64.errors import Wordle64Error as PipelineError

BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")
# Without these Chromium reaches for Google's hosts at every start; this machine has no route.
QUIET_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows", "--autoplay-policy=no-user-gesture-required",
)


def find_browser() -> str:
    """The first headless-capable Chromium on PATH, or a one-line error naming what to install."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise PipelineError(
        "no Chromium found (looked for " + ", ".join(BROWSERS) + "); "
        "install Debian's chromium-headless-shell (./setup.sh does)")


@dataclass
class Browser:
    """One headless Chromium and one page target attached through the pipe."""

    process: subprocess.Popen
    to_browser: int
    from_browser: int
    profile: tempfile.TemporaryDirectory
    session: str = ""
    next_id: int = 1
    buffer: bytes = b""

    @classmethod
    def launch(cls) -> "Browser":
        profile = tempfile.TemporaryDirectory(prefix="wordle64-chromium-")
        ours_in, theirs_in = os.pipe()     # Chromium reads commands on its fd 3
        theirs_out, ours_out = os.pipe()   # and writes replies on its fd 4

        def hand_over() -> None:
            # through fresh copies first: a pipe end may already sit on fd 3 or 4, and dup2 onto
            # itself would keep its close-on-exec flag
            keep_in, keep_out = os.dup(ours_in), os.dup(ours_out)
            os.dup2(keep_in, 3)
            os.dup2(keep_out, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        command = [find_browser(), *QUIET_FLAGS, "--remote-debugging-pipe",
                   f"--user-data-dir={profile.name}", "about:blank"]
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, preexec_fn=hand_over,
                                   pass_fds=(3, 4))
        os.close(ours_in)
        os.close(ours_out)
        browser = cls(process, theirs_in, theirs_out, profile)
        browser.attach()
        return browser

    def attach(self) -> None:
        targets = self.call("Target.getTargets", browser_level=True)["targetInfos"]
        page = next(t["targetId"] for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", browser_level=True, targetId=page,
                                 flatten=True)["sessionId"]
        self.call("Runtime.enable")
        self.call("Page.enable")

    def send(self, method: str, browser_level: bool = False, **params) -> int:
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session and not browser_level:
            message["sessionId"] = self.session
        self.next_id += 1
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return message["id"]

    def receive(self, timeout: float = 60.0) -> dict:
        deadline = time.monotonic() + timeout
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise PipelineError("Chromium stopped answering over the debugging pipe")
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise PipelineError("Chromium closed the debugging pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, browser_level: bool = False, timeout: float = 120.0, **params):
        wanted = self.send(method, browser_level, **params)
        while True:
            reply = self.receive(timeout)
            if reply.get("id") == wanted:
                if "error" in reply:
                    raise PipelineError(f"Chromium: {method}: {reply['error'].get('message')}")
                return reply.get("result", {})

    def evaluate(self, expression: str, timeout: float = 120.0):
        """The value of a JavaScript expression (awaited if it is a promise)."""
        result = self.call("Runtime.evaluate", timeout=timeout, expression=expression,
                           awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise PipelineError(f"page script failed: {text}")
        return result["result"].get("value")

    def navigate(self, url: str) -> None:
        self.call("Page.navigate", url=url)

    def close(self) -> None:
        try:
            self.send("Browser.close", browser_level=True)
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired, PipelineError):
            self.process.kill()
            self.process.wait()
        for fd in (self.to_browser, self.from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        self.profile.cleanup()
