"""Pack stage, codec study: how small could a blob of the trie walk get, and at what model?

ctxhuff (wordle64.pack) codes the sorted list as a trie walk: per word a D symbol (the first
position that changed, and the answer flag), a G symbol (the gap of the changed letter) and
T symbols (the letters after it), each in a context of one letter. This module measures, on a
word list, what other context models of the same symbols would cost, so that a new codec is
designed from numbers (results/bench/pack-study.json):

- *static* bytes: the empirical entropy of the symbols given the context (a lower bound for
  any code with per-context tables, and it leaves the tables out);
- *adaptive* bytes: the code length of an adaptive coder that learns each context as it goes
  (Krichevsky-Trofimov counts, or a hierarchical blend of orders: p = (count + s * p_parent) /
  (total + s)): a real, decodable cost that includes learning the model, i.e. the price of
  its tables;
- ctxhuff's own blob split into header, code-length tables and body, and its Huffman loss;
- the entropy of ctxhuff's code-length tables given class and symbol (what a smarter table
  format could save).

Context levels per symbol: 0 = the class alone, 1 = ctxhuff's context, 2 = one letter more
(D: prev[3] too; G: the letter before the changed one; T: the letter two back).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from wordle64.io import write_json
from wordle64.pack import ctxhuff as codec
from wordle64.pack import table

NONE = 26  # a context letter that does not exist (before the first letter)


@dataclass(frozen=True)
class Event:
    """One coded symbol: its class, its context at each level, the symbol, the alphabet."""

    kind: str                      # "D", "G", "T" (positions 1-3), "T4" (the last), "A"
    contexts: tuple[tuple, ...]    # level 0, 1, 2
    symbol: int
    alphabet: int


def trie_events(words: Sequence[str], answers: Sequence[bool],
                answer_apart: bool = False) -> list[Event]:
    """The symbols of ctxhuff's trie walk, in stream order (words after the first; the end
    marker is left out: one symbol). With answer_apart the answer flag leaves the D symbol
    and is an "A" event of its own, in the context of the word's last letter (level 2: the
    last two)."""
    events = []
    prev = table.letters(words[0]) if words else []
    for word, answer in zip(words[1:], answers[1:]):
        cur = table.letters(word)
        d = next(i for i in range(table.WORD_LENGTH) if cur[i] != prev[i])
        flag = 0 if answer_apart else int(answer)
        d_symbol = (codec.D_LAST_BASE + 2 * (cur[4] - prev[4] - 1) if d == 4 else 2 * d) + flag
        events.append(Event("D", ((), (prev[4],), (prev[3], prev[4])), d_symbol,
                            codec.D_LAST_BASE + 2 * table.LETTERS))
        if d < 4:
            before = prev[d - 1] if d else NONE
            events.append(Event("G", ((), (prev[d],), (prev[d], before)),
                                cur[d] - prev[d] - 1, table.LETTERS))
        for k in range(d + 1, table.WORD_LENGTH):
            two_back = cur[k - 2] if k >= 2 else NONE
            events.append(Event("T4" if k == 4 else "T", ((), (cur[k - 1],),
                                                          (cur[k - 1], two_back)),
                                cur[k], table.LETTERS))
        if answer_apart:
            events.append(Event("A", ((), (cur[4],), (cur[3], cur[4])), int(answer), 2))
        prev = cur
    return events


def by_kind(events: Sequence[Event]) -> dict[str, list[Event]]:
    out: dict[str, list[Event]] = defaultdict(list)
    for event in events:
        out[event.kind].append(event)
    return dict(out)


def entropy_bits(counts: Counter) -> float:
    total = sum(counts.values())
    return -sum(n * math.log2(n / total) for n in counts.values() if n)


def static_bytes(events: Sequence[Event], level: int) -> tuple[float, int]:
    """(empirical entropy in bytes of the symbols given their level-`level` context, number
    of contexts used)."""
    counts: dict[tuple, Counter] = defaultdict(Counter)
    for event in events:
        counts[(event.kind, event.contexts[level])][event.symbol] += 1
    return sum(entropy_bits(c) for c in counts.values()) / 8, len(counts)


def adaptive_bytes(events: Sequence[Event], levels: Sequence[tuple[int, float | None]]) -> float:
    """Code length in bytes of an adaptive coder: a hierarchical blend over `levels`, pairs
    (level, strength), lowest level first, from the uniform distribution up: p = (count +
    strength * p_below) / (total + strength). Strength None = alphabet / 2, which for one
    level is the Krichevsky-Trofimov estimator (count + 1/2) / (total + alphabet / 2)."""
    counts: dict[tuple, Counter] = defaultdict(Counter)
    totals: Counter = Counter()
    bits = 0.0
    for event in events:
        p = 1 / event.alphabet
        keys = [(event.kind, level, event.contexts[level]) for level, _ in levels]
        for key, (_, strength) in zip(keys, levels):
            s = event.alphabet / 2 if strength is None else strength
            p = (counts[key][event.symbol] + s * p) / (totals[key] + s)
        bits -= math.log2(p)
        for key in keys:
            counts[key][event.symbol] += 1
            totals[key] += 1
    return bits / 8


@dataclass(frozen=True)
class CtxhuffParts:
    header_bytes: int
    table_bits: int       # code-length tables: per symbol 1 bit present (+ 3 bits length - 1)
    body_bits: int        # the Huffman codes of the stream, end marker included
    trailer_bytes: int    # the checkpoint trailer: 10 K + 3 (0 for an empty list)
    blob_bytes: int       # header + tables and body rounded up to a byte + trailer: len(encode)
    static_entropy_bytes: float  # of the body's symbols in ctxhuff's contexts
    length_entropy_bytes: float  # of the code-length table given (class, symbol)


def ctxhuff_parts(words: Sequence[str], answers: Sequence[bool]) -> CtxhuffParts:
    """ctxhuff's blob taken apart (the lengths as ctxhuff_encode chooses them)."""
    stream = codec.ctxhuff_symbols(words, answers)
    freqs: list[Counter] = [Counter() for _ in range(codec.CONTEXTS)]
    for context, symbol in stream:
        freqs[context][symbol] += 1
    lengths = [codec.huffman_lengths(dict(f)) for f in freqs]
    table_bits = sum(codec.alphabet_size(c) + 3 * len(lengths[c]) for c in range(codec.CONTEXTS))
    body_bits = sum(lengths[c][s] for c, s in stream)
    by_class_symbol: dict[tuple[int, int], Counter] = defaultdict(Counter)
    for c in range(codec.CONTEXTS):
        for s in range(codec.alphabet_size(c)):
            by_class_symbol[(codec.context_class(c), s)][lengths[c].get(s, 0)] += 1
    header = 4 + codec.REGIONS + table.WORD_LENGTH
    checkpoints = len(codec.checkpoint_words(len(words)))
    trailer = codec.CHECKPOINT_BYTES * checkpoints + 3 if checkpoints else 0
    return CtxhuffParts(
        header_bytes=header, table_bits=table_bits, body_bits=body_bits, trailer_bytes=trailer,
        blob_bytes=header + (table_bits + body_bits + 7) // 8 + trailer,
        static_entropy_bytes=sum(entropy_bits(f) for f in freqs) / 8,
        length_entropy_bytes=sum(entropy_bits(c) for c in by_class_symbol.values()) / 8)


# The models measured: name -> (answer flag apart?, context level of the static entropy, the
# adaptive coder's levels). KT: strength alphabet / 2, the Krichevsky-Trofimov estimator.
KT = None
MODELS: dict[str, tuple[bool, int, list[tuple[int, float | None]]]] = {
    "ctxhuff contexts (one letter)": (False, 1, [(1, KT)]),
    "answer flag apart (context: the last letter)": (True, 1, [(1, KT)]),
    "two letters of context": (False, 2, [(2, KT)]),
    "blend of orders 0-2 (strengths 4, 8, 16)": (False, 2, [(0, 4), (1, 8), (2, 16)]),
}


def study(words: Sequence[str], answers: Sequence[bool]) -> dict:
    """The numbers of results/bench/pack-study.json (sizes in bytes, rounded)."""
    parts = ctxhuff_parts(words, answers)
    models = []
    for name, (apart, level, adaptive_levels) in MODELS.items():
        events = trie_events(words, answers, answer_apart=apart)
        static, contexts = static_bytes(events, level)
        models.append({
            "model": name, "contexts": contexts, "static_entropy_bytes": round(static),
            "adaptive_bytes": round(adaptive_bytes(events, adaptive_levels)),
            "adaptive_bytes_by_kind": {kind: round(adaptive_bytes(group, adaptive_levels))
                                       for kind, group in sorted(by_kind(events).items())},
        })
    return {
        "words": len(words), "answers": sum(answers),
        "ctxhuff": {
            "blob_bytes": parts.blob_bytes, "header_bytes": parts.header_bytes,
            "code_length_table_bytes": round(parts.table_bits / 8),
            "body_bytes": round(parts.body_bits / 8),
            "trailer_bytes": parts.trailer_bytes,
            "body_static_entropy_bytes": round(parts.static_entropy_bytes),
            "huffman_loss_bytes": round(parts.body_bits / 8 - parts.static_entropy_bytes),
            "code_length_table_entropy_bytes": round(parts.length_entropy_bytes),
        },
        "models": models,
        "best_adaptive_bytes": min(m["adaptive_bytes"] for m in models),
    }


def study_stage(words_tsv: str | Path, out_path: str | Path) -> dict:
    """Rule pack_study: study words.tsv, written to results/bench/pack-study.json."""
    words, answers = table.read_words_tsv(Path(words_tsv))
    result = study(words, answers)
    write_json(out_path, result)
    return result
