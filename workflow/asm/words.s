; words.s — the five-letter buffers the modules pass words and marks through.
; Letters are 0..25 (A = 0); marks are 0 absent, 1 elsewhere, 2 right place.

.include "globals.inc"

.segment "BSS"

word_buf:       .res 5          ; letters: the word dict_lookup looks up
guess_buf:      .res 5          ; letters: the player's guess (score_guess input)
answer_buf:     .res 5          ; letters: the hidden answer (score_guess input, pick/daily output)
marks_buf:      .res 5          ; marks: score_guess output, one per guess letter
