; rng.s — xorshift32 (Marsaglia 2003, shifts 13, 17, 5) and an unbiased random answer.
; The reference is wordle64.core.xorshift32 / seed_from_jiffy / pick.

.include "globals.inc"
.include "c64.inc"

SEED_MIX        = $2545F491             ; XORed with the jiffy clock: a nonzero state for
                                        ; any clock value (the clock is below 2^24)

.segment "ZEROPAGE"

rng_state:      .res 4                  ; xorshift32 state, little-endian, never 0
shifted:        .res 4                  ; state << 5 (scratch of rng_next)
pick_mask:      .res 2                  ; smallest 2^k - 1 >= answers - 1
pick_value:     .res 2                  ; candidate answer number

.segment "CODE"

; rng_seed_jiffy: state = SEED_MIX xor jiffy clock (value $A0 * 65536 + $A1 * 256 + $A2).
; in: nothing  out: rng_state  clobbers: A
.proc rng_seed_jiffy
        php
        sei                             ; read the three bytes between two IRQ ticks
        lda     JIFFY_CLOCK+2
        eor     #<SEED_MIX
        sta     rng_state
        lda     JIFFY_CLOCK+1
        eor     #>SEED_MIX
        sta     rng_state+1
        lda     JIFFY_CLOCK
        eor     #^SEED_MIX
        sta     rng_state+2
        plp
        lda     #(SEED_MIX >> 24)
        sta     rng_state+3
        rts
.endproc

; rng_next: one xorshift32 step: x ^= x << 13; x ^= x >> 17; x ^= x << 5.
; in: rng_state (nonzero)  out: rng_state, A = its low byte  clobbers: A X
.proc rng_next
        jsr     shift_left_5            ; x ^= x << 13 = (x << 5) << 8
        ldx     #2
@xor13: lda     rng_state + 1, x
        eor     shifted, x
        sta     rng_state + 1, x
        dex
        bpl     @xor13

        lda     rng_state+3             ; x ^= x >> 17 = (x >> 16) >> 1
        lsr     a
        tax                             ; X = high byte >> 1
        lda     rng_state+2
        ror     a
        eor     rng_state
        sta     rng_state
        txa
        eor     rng_state+1
        sta     rng_state+1

        jsr     shift_left_5            ; x ^= x << 5
        ldx     #3
@xor5:  lda     rng_state, x
        eor     shifted, x
        sta     rng_state, x
        dex
        bpl     @xor5
        rts                             ; A = rng_state: the last byte done
.endproc

; shift_left_5: shifted = rng_state << 5 (32 bits).
; in: rng_state  out: shifted  clobbers: A X
.proc shift_left_5
        ldx     #3
@copy:  lda     rng_state, x
        sta     shifted, x
        dex
        bpl     @copy
        ldx     #5
@shift: asl     shifted
        rol     shifted+1
        rol     shifted+2
        rol     shifted+3
        dex
        bne     @shift
        rts
.endproc

; pick_random_answer: a uniformly random answer: draws (low 16 bits of the state) AND mask
; until the value is below the answer count (rejection, so no modulo bias).
; in: rng_state, dict_answer_count >= 1
; out: answer_buf; A = number low, X = number high of the answer picked
; clobbers: A X Y
.proc pick_random_answer
        lda     #0
        sta     pick_mask
        sta     pick_mask+1
@widen: lda     pick_mask               ; while mask < count - 1: mask = mask * 2 + 1
        clc                             ; i.e. while mask + 1 < count
        adc     #1
        tax
        lda     pick_mask+1
        adc     #0
        cmp     dict_answer_count+1
        bcc     @wider
        bne     @draw
        cpx     dict_answer_count
        bcs     @draw
@wider: sec
        rol     pick_mask
        rol     pick_mask+1
        bcc     @widen                  ; C = 0: the mask stays below 2^15
@draw:  jsr     rng_next
        and     pick_mask
        sta     pick_value
        lda     rng_state+1
        and     pick_mask+1
        sta     pick_value+1
        cmp     dict_answer_count+1     ; accept when value < count
        bcc     @accept
        bne     @draw
        lda     pick_value
        cmp     dict_answer_count
        bcs     @draw
@accept:
        lda     pick_value
        ldx     pick_value+1
        jsr     dict_answer
        lda     pick_value
        ldx     pick_value+1
        rts
.endproc
