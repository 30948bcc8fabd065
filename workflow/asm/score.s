; score.s — Wordle feedback with the official rule for repeated letters (wordle64/score.py).

.include "globals.inc"

.segment "ZEROPAGE"

unmatched:      .res 5          ; answer letters not matched exactly yet; $FF once used up

.segment "CODE"

; score_guess: marks the guess against the answer. Exact matches are marked first; then, left to
; right, a guess letter is "elsewhere" only while an unmatched copy remains in the answer.
; in:  guess_buf, answer_buf (letters 0..25)
; out: marks_buf (0 absent, 1 elsewhere, 2 right)
; clobbers: A X Y
.proc score_guess
        ldx     #4
@exact: lda     guess_buf,x
        cmp     answer_buf,x
        bne     @differs
        lda     #2
        sta     marks_buf,x
        lda     #$FF                    ; an exact match is no longer available
        bne     @keep                   ; always
@differs:
        lda     #0
        sta     marks_buf,x
        lda     answer_buf,x
@keep:  sta     unmatched,x
        dex
        bpl     @exact

        ldx     #0                      ; left to right: earlier copies claim first
@guess: lda     marks_buf,x
        bne     @next                   ; already right
        lda     guess_buf,x
        ldy     #4
@find:  cmp     unmatched,y
        beq     @claim
        dey
        bpl     @find
        bmi     @next                   ; always: no copy left
@claim: lda     #$FF
        sta     unmatched,y
        lda     #1
        sta     marks_buf,x
@next:  inx
        cpx     #5
        bne     @guess
        rts
.endproc
