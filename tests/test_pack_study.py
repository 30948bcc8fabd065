"""The codec study (wordle64.pack.study): entropies and adaptive code lengths by hand, the trie
walk's events by hand, ctxhuff's blob taken apart, and the study's finding on the real lists."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from wordle64 import pack
from wordle64.pack.study import (
    Event,
    adaptive_bytes,
    ctxhuff_parts,
    entropy_bits,
    static_bytes,
    study,
    trie_events,
)


def test_entropy_by_hand():
    assert entropy_bits(Counter({0: 2, 1: 2})) == pytest.approx(4.0)
    # probabilities 1/4, 1/4, 1/2: 2 + 2 + 2 x 1 bits
    assert entropy_bits(Counter({0: 1, 1: 1, 2: 2})) == pytest.approx(6.0)


def test_static_bytes_splits_by_context():
    events = [Event("T", ((), (a,), (a, 0)), s, 26) for a, s in [(0, 1), (0, 2), (1, 3), (1, 3)]]
    # context 0: two symbols once each (2 bits); context 1: one symbol twice (0 bits)
    assert static_bytes(events, 1) == (pytest.approx(2 / 8), 2)
    # one context for all: counts 1, 1, 2 -> 6 bits
    assert static_bytes(events, 0) == (pytest.approx(6 / 8), 1)


def test_adaptive_is_krichevsky_trofimov_by_hand():
    events = [Event("A", ((), (0,), (0, 0)), 1, 2)] * 2
    # p = 1/2, then (1 + 1/2) / (1 + 1) = 3/4
    expected = (1 + math.log2(4 / 3)) / 8
    assert adaptive_bytes(events, [(1, None)]) == pytest.approx(expected)
    # a blend over level 0 then 1, strengths 2 and 2: the first symbol still costs 1 bit; the
    # second: level 0 gives (1 + 2 x 1/2) / 3 = 2/3, level 1 (1 + 2 x 2/3) / 3 = 7/9
    expected = (1 + math.log2(9 / 7)) / 8
    assert adaptive_bytes(events, [(0, 2), (1, 2)]) == pytest.approx(expected)


def test_trie_events_by_hand():
    a, e, n, o, r, s, t = (ord(x) - 97 for x in "aenorst")
    events = trie_events(["crane", "crate", "cross"], [True, False, True])
    assert events == [
        # crane -> crate: d = 3, the answer flag 0; n -> t is a gap of 5; then e after t
        Event("D", ((), (e,), (n, e)), 2 * 3 + 0, 60),
        Event("G", ((), (n,), (n, a)), t - n - 1, 26),
        Event("T4", ((), (t,), (t, a)), e, 26),
        # crate -> cross: d = 2, answer; a -> o; then s after o, s after s
        Event("D", ((), (e,), (t, e)), 2 * 2 + 1, 60),
        Event("G", ((), (a,), (a, r)), o - a - 1, 26),
        Event("T", ((), (o,), (o, r)), s, 26),
        Event("T4", ((), (s,), (s, o)), s, 26),
    ]
    apart = trie_events(["crane", "crate", "cross"], [True, False, True], answer_apart=True)
    assert [(x.kind, x.symbol) for x in apart if x.kind in "AD"] == [
        ("D", 6), ("A", 0), ("D", 4), ("A", 1)]
    assert [x.contexts[1] for x in apart if x.kind == "A"] == [(e,), (s,)]


def test_last_letter_step_is_one_d_symbol():
    events = trie_events(["abcda", "abcdz"], [False, True])
    assert events == [Event("D", ((), (0,), (3, 0)), pack.D_LAST_BASE + 2 * 24 + 1, 60)]


@pytest.mark.parametrize("words", [
    ["crane", "crate", "cross", "zzzzz"],
    [a + b + "abc" for a in "abcdefghijklmnopqrstuvwxyz" for b in "aeiou"],
])
def test_ctxhuff_parts_add_up_to_the_real_blob(words):
    words, answers = pack.normalise(words, [i % 3 == 0 for i in range(len(words))])
    parts = ctxhuff_parts(words, answers)
    assert parts.blob_bytes == len(pack.encode("ctxhuff", words, answers))
    assert parts.body_bits / 8 >= parts.static_entropy_bytes  # Huffman never beats entropy


def test_study_of_the_default_lists(real_list):
    result = study(*real_list)
    # the figures the pack module documents for ctxhuff: 838 B of code-length tables, a body of
    # 13,405 B against a static entropy of 13,125 B in its contexts; the blob 14,285 B, then
    # the trailer of 24 checkpoints (10 B each) and 3 B (answer total, K)
    assert result["ctxhuff"]["trailer_bytes"] == 24 * 10 + 3
    assert result["ctxhuff"]["blob_bytes"] == 14_285 + 243
    assert result["ctxhuff"]["code_length_table_bytes"] == 838
    assert result["ctxhuff"]["body_bytes"] == 13_405
    assert result["ctxhuff"]["body_static_entropy_bytes"] == 13_125
    # the finding: every model measured, its model cost included, stays above 13,000 B
    assert result["best_adaptive_bytes"] > 13_000
    two_letters = result["models"][2]
    assert two_letters["static_entropy_bytes"] < 11_000 < two_letters["adaptive_bytes"]
