"""results/vice/summary.json: the VICE checks together, VICE's times beside our model's.

Each pair of times is the same span measured two ways: on VICE x64sc (its C64 CPU clock) and on
our machine model (results/media/load-times.json, results/machine/load-tape*.json). A pair that
differs by more than the agreement limit is listed with `explained: false` unless the reason is
known here (`EXPLAINED`); docs/vice.md tells each reason.
"""
from __future__ import annotations

import json
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_json
from wordle64.vice.session import PAL_HZ

# why a known difference is not a fault (docs/vice.md has the longer story)
EXPLAINED = {
    "disk start-up (RUN -> menu)": "start-up LOADs W64STATS, not on a new disk: Commodore DOS "
    "reads the directory before it answers FILE NOT FOUND, our drive model answers at once (its "
    "time model charges the OPEN of a file that exists); LOAD -> menu agrees",
    "standard tape: LOAD -> READY. (FOUND pause included)": "after FOUND the Commodore KERNAL "
    "on VICE goes on loading at once (found_to_loading_seconds); the Open ROMs KERNAL of our "
    "model pauses there first, and there no SPACE is pressed: the whole difference lies "
    "before READY.",
    "standard tape: LOAD -> menu": "the FOUND pause of the Open ROMs KERNAL (above)",
}


def pair(name: str, vice: float | None, model: float | None, limit: float) -> dict:
    if vice is None or model is None:
        return {"span": name, "vice_seconds": vice, "model_seconds": model,
                "difference_percent": None, "within_limit": False,
                "explained": name in EXPLAINED, "why": EXPLAINED.get(name, "not measured")}
    difference = 100.0 * (vice - model) / model
    within = abs(difference) <= limit
    return {"span": name, "vice_seconds": round(vice, 2), "model_seconds": round(model, 2),
            "difference_percent": round(difference, 2), "within_limit": within,
            "explained": within or name in EXPLAINED,
            "why": "" if within else EXPLAINED.get(name, "unexplained")}


def read(path: str | Path) -> dict:
    try:
        return json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise Wordle64Error(f"{path}: cannot read: {error}") from None


def summarise(checks: list[dict], load_times: dict, tape: dict, tape_kernal: dict,
              limit: float) -> dict:
    by_name = {c["check"]: c for c in checks}
    games = by_name.get("disk_games", {}).get("times", {})
    turbo = by_name.get("tape_turbo", {}).get("times", {})
    kernal = by_name.get("tape_kernal", {}).get("times", {})
    model_disk = load_times["disk"]["seconds_pal"]
    model_startup = load_times["startup"]["seconds_pal"]
    pairs = {
        "disk_load": pair("disk LOAD\"WORDLE64\",8 -> READY.", games.get("load_seconds"),
                          model_disk, limit),
        "disk_startup": pair("disk start-up (RUN -> menu)", games.get("startup_seconds"),
                             model_startup, limit),
        "disk_to_menu": pair("disk LOAD -> menu", games.get("load_to_menu_seconds"),
                             load_times["time_to_playable"]["disk_seconds"], limit),
        "turbo_to_found": pair("turbo tape: LOAD -> FOUND", turbo.get("load_typed_to_found_seconds"),
                               tape.get("found_seconds_pal"), limit),
        "turbo_found_to_menu": pair("turbo tape: FOUND -> menu (boot file, autostart, turbo "
                                    "load, unpack)", turbo.get("found_to_menu_seconds"),
                                    tape.get("found_to_menu_seconds_pal"), limit),
        "turbo_to_menu": pair("turbo tape: LOAD -> menu", turbo.get("load_typed_to_menu_seconds"),
                              tape["seconds_pal"], limit),
        "kernal_to_ready": pair("standard tape: LOAD -> READY. (FOUND pause included)",
                                kernal.get("load_typed_to_ready_seconds"),
                                tape_kernal.get("load_seconds_pal"), limit),
        "kernal_to_menu": pair("standard tape: LOAD -> menu",
                               kernal.get("load_typed_to_menu_seconds"),
                               tape_kernal.get("seconds_pal"), limit),
    }
    fast = by_name.get("fast_disk", {}).get("times", {})
    kernal_disk = games.get("load_to_menu_seconds")
    fast_disk = {
        "load_to_menu_seconds": fast.get("load_to_menu_seconds"),
        "boot_load_seconds": fast.get("boot_load_seconds"),
        "run_to_menu_seconds": fast.get("run_to_menu_seconds"),
        "run_to_first_block_seconds": fast.get("run_to_first_block_seconds"),
        "blocks_seconds": fast.get("blocks_seconds"),
        "ms_per_block": fast.get("ms_per_block"),
        "kernal_load_to_menu_seconds": kernal_disk,
        "speedup": round(kernal_disk / fast["load_to_menu_seconds"], 2)
        if kernal_disk and fast.get("load_to_menu_seconds") else None,
    }
    failed = [c["check"] for c in checks if not c.get("passed")]
    return {
        "passed": not failed and all(p["explained"] for p in pairs.values()),
        "failed": failed,
        "emulator": "VICE x64sc (libretro web core), Commodore KERNAL 901227-03 and 1541 DOS, "
                    "true drive emulation, PAL",
        "checks": [{"check": c["check"], "passed": c.get("passed"),
                    "sub_checks": len(c.get("checks", [])),
                    "failed_sub_checks": [s["check"] for s in c.get("checks", [])
                                          if not s["passed"]],
                    "error": c.get("error", ""), "attempts": c.get("attempts", 1),
                    "first_attempt": c.get("first_attempt"),
                    "wall_seconds": c.get("wall_seconds")}
                   for c in checks],
        "times": pairs,
        "fast_disk": fast_disk,
        "agreement_percent": limit,
        "disk_reset_to_menu_seconds": games.get("autostart_reset_to_menu_seconds"),
        "turbo_found_to_loading_seconds": turbo.get("found_to_loading_seconds"),
        "kernal_found_to_loading_seconds": kernal.get("found_to_loading_seconds"),
        "job_wall_seconds": round(sum(c.get("wall_seconds") or 0 for c in checks), 1),
        "screenshots": [s for c in checks for s in c.get("screenshots", [])],
    }


def write_summary(check_paths: list[str], load_times: str, tape: str, tape_kernal: str,
                  out: str, limit: float) -> dict:
    summary = summarise([read(p) for p in check_paths], read(load_times), read(tape),
                        read(tape_kernal), limit)
    write_json(out, summary)
    if not summary["passed"]:
        unexplained = [p["span"] for p in summary["times"].values() if not p["explained"]]
        raise Wordle64Error(f"{out}: VICE checks failed: {summary['failed']}"
                            + (f"; unexplained time differences: {unexplained}"
                               if unexplained else ""))
    return summary


def with_vice_times(load_times: dict, fast: dict, games: dict, fast_target: float) -> dict:
    """The released load times (the machine model's) with VICE's disk times beside them: the
    fast disk's and the KERNAL's, each from the typed LOAD to the menu on a true 1541, the fast
    disk's against its target (seconds), and the fast disk's on every drive its check ran on."""
    fast_times = fast.get("times", {})
    playable = dict(load_times.get("time_to_playable", {}))
    seconds = fast_times.get("load_to_menu_seconds")
    playable["disk_fast_seconds"] = seconds
    playable["disk_fast_target_seconds"] = fast_target
    playable["disk_fast_within_target"] = seconds is not None and seconds <= fast_target
    playable["disk_kernal_vice_seconds"] = games.get("times", {}).get("load_to_menu_seconds")
    playable["disk_fast_by_drive_seconds"] = {
        key.removeprefix("load_to_menu_seconds_"): value for key, value in fast_times.items()
        if key.startswith("load_to_menu_seconds_")}
    playable["disk_fast_source"] = ("results/vice/fast-disk.json: VICE x64sc, true drive "
                                    "emulation, Commodore ROMs; LOAD\"*\",8,1 typed to the "
                                    "menu's note (a LOAD with ,1 starts the boot file itself; "
                                    "without, RUN is typed at READY.)")
    return {**load_times, "time_to_playable": playable}


def write_load_times(staged: str, fast: str, games: str, out: str, fast_target: float) -> dict:
    result = with_vice_times(read(staged), read(fast), read(games), fast_target)
    if result["time_to_playable"]["disk_fast_seconds"] is None:
        raise Wordle64Error(f"{fast}: no LOAD-to-menu time for the fast disk")
    write_json(out, result)
    return result
