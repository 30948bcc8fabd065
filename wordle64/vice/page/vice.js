// Host page for VICE x64sc (the libretro core built for the web): boots an image with our
// settings, and lets a driver read the emulator's state and frames. No network: every file comes
// from the server that served this page.
"use strict";

const params = new URLSearchParams(location.search);

// RetroArch's main loop waits for animation frames, one per display refresh; a driver that only
// reads state wants the emulator to run as fast as the machine allows, so the page swaps the
// frame timer for a message-channel scheduler before the core starts.
if (params.get("speed") === "max") {
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => {
    const callbacks = waiting.splice(0);
    const now = performance.now();
    for (const callback of callbacks) callback(now);
  };
  window.requestAnimationFrame = (callback) => {
    waiting.push(callback);
    if (waiting.length === 1) channel.port2.postMessage(0);
    return waiting.length;
  };
}

const log = [];

function mkdirs(FS, path) {
  let current = "";
  for (const part of path.split("/").slice(0, -1)) {
    if (!part) continue;
    current += "/" + part;
    try { FS.mkdir(current); } catch (e) { /* exists */ }
  }
}

function optionsText(options) {
  return Object.entries(options).map(([k, v]) => `${k} = "${v}"`).join("\n") + "\n";
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error("cannot load " + src));
    document.head.appendChild(script);
  });
}

// A VICE snapshot is a header and a list of modules: a 16-byte name, major and minor version,
// and a little-endian size that counts the 22-byte module header itself.
function snapshotModules(bytes) {
  const modules = {};
  const first = new TextEncoder().encode("MAINCPU");
  let at = -1;
  for (let i = 0; i < bytes.length - first.length; i++) {
    if (first.every((b, k) => bytes[i + k] === b)) { at = i; break; }
  }
  if (at < 0) throw new Error("no MAINCPU module in the snapshot");
  while (at + 22 <= bytes.length) {
    let name = "";
    for (let k = 0; k < 16 && bytes[at + k]; k++) name += String.fromCharCode(bytes[at + k]);
    const size = bytes[at + 18] | bytes[at + 19] << 8 | bytes[at + 20] << 16 | bytes[at + 21] << 24;
    if (!name || size < 22) break;
    modules[name] = bytes.subarray(at + 22, at + size);
    at += size;
  }
  return modules;
}

// RetroArch wraps the core's state: "RASTATE", a version byte, then blocks of a 4-byte id, a
// little-endian size and the data padded to 8 bytes; block "MEM " is the core's own (VICE's).
function coreState(bytes) {
  const magic = new TextDecoder().decode(bytes.subarray(0, 7));
  if (magic !== "RASTATE") return bytes;
  let at = 8;
  while (at + 8 <= bytes.length) {
    const id = new TextDecoder().decode(bytes.subarray(at, at + 4));
    const size = bytes[at + 4] | bytes[at + 5] << 8 | bytes[at + 6] << 16 | bytes[at + 7] << 24;
    if (id === "MEM ") return bytes.subarray(at + 8, at + 8 + size);
    at += 8 + ((size + 7) & ~7);
  }
  throw new Error("no MEM block in RetroArch's state");
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

const vice = {
  module: null,
  log,
  frames: 0,

  // settings: {image, name, options: {core option: value}, config: "retroarch.cfg lines"}
  async boot(settings) {
    const image = new Uint8Array(await (await fetch(settings.image)).arrayBuffer());
    await loadScript("core/vice_x64sc_libretro.js");
    const canvas = document.getElementById("canvas");
    const module = await EJS_Runtime({
      canvas,
      parent: document.getElementById("parent"),   // RetroArch listens for keys here
      noInitialRun: true,
      locateFile: (path) => "core/" + path,
      print: (text) => log.push(text),
      printErr: (text) => log.push(text),
      callbacks: {
        setupCoreSettingFile: (path) => {
          mkdirs(module.FS, path);
          module.FS.writeFile(path, optionsText(settings.options));
        },
      },
    });
    this.module = module;
    this.saveStateInfo = module.cwrap("save_state_info", "string", []);
    this.takeScreenshot = module.cwrap("cmd_take_screenshot", "", []);
    const FS = module.FS;
    const cfg = "/home/web_user/.config/retroarch/retroarch.cfg";
    mkdirs(FS, cfg);
    FS.writeFile(cfg, settings.config);
    FS.writeFile("/" + settings.name, image);
    if (settings.vicerc) {         // VICE's resources (vice_read_vicerc enabled)
      mkdirs(FS, "/system/vice/vicerc");
      FS.writeFile("/system/vice/vicerc", settings.vicerc);
    }
    let content = "/" + settings.name;
    if (settings.command) {        // VICE's own options: an m3u with libretro-vice's #COMMAND:
      content = "/wordle64.m3u";
      FS.writeFile(content, "#COMMAND:" + settings.command + "\n");
    }
    try {
      module.callMain(["-v", content]);
    } catch (e) {
      if (e !== "unwind" && !(e && e.name === "ExitStatus")) throw e;
    }
    module._ejs_set_keyboard_enabled(1);
    canvas.focus();
    document.getElementById("status").textContent = settings.name + " in VICE x64sc";
    return true;
  },

  // The emulated C64 now: its CPU clock (cycles since power-on), PC, and the asked RAM ranges.
  state(ranges) {
    const module = this.module;
    const info = this.saveStateInfo().split("|");
    if (info[2] !== "1") throw new Error("VICE gave no state: " + info[0]);
    const size = parseInt(info[0]);
    const start = parseInt(info[1]);
    const modules = snapshotModules(coreState(module.HEAPU8.subarray(start, start + size)));
    const cpu = modules["MAINCPU"];
    const ram = modules["C64MEM"].subarray(4, 4 + 65536);
    let clock = 0;
    for (let k = 7; k >= 0; k--) clock = clock * 256 + cpu[k];
    return {
      clock,
      pc: cpu[12] | cpu[13] << 8,
      ram: (ranges || []).map(([from, to]) => base64(ram.subarray(from, to))),
      modules: Object.keys(modules),
    };
  },

  // One module of VICE's snapshot (e.g. "DRIVECPU0", the 1541's CPU), as base64.
  snapshotModule(name) {
    const info = this.saveStateInfo().split("|");
    const start = parseInt(info[1]);
    const modules = snapshotModules(coreState(this.module.HEAPU8.subarray(start, start + parseInt(info[0]))));
    if (!(name in modules)) throw new Error("no module " + name + " in " + Object.keys(modules));
    return base64(modules[name]);
  },

  // RetroArch's screenshot: the VICE frame, as a PNG in base64.
  async screenshot() {
    const FS = this.module.FS;
    try { FS.unlink("/screenshot.png"); } catch (e) { /* none yet */ }
    this.takeScreenshot();
    for (let tries = 0; tries < 400; tries++) {
      try {
        FS.stat("/screenshot.png");
        return base64(FS.readFile("/screenshot.png"));
      } catch (e) { /* not written yet */ }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("RetroArch wrote no screenshot");
  },

  file(path) {
    return base64(this.module.FS.readFile(path));
  },
};
window.vice = vice;

// Opened by a person (wordle64 web): boot the served image at once, in real time, with sound.
if (params.get("autoboot")) {
  fetch("settings.json").then((r) => r.json()).then((settings) => vice.boot(settings))
    .catch((e) => { document.getElementById("status").textContent = "VICE failed: " + e; });
}
