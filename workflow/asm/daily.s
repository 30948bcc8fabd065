; daily.s — one play per daily date: the dates played, each with its status and the rows typed,
; so choosing a played date shows its board and result, and a daily game left with RUN/STOP
; resumes where it was (issue 15). DAILY_SLOTS records; when all are used the oldest-allocated
; is replaced (round robin). The records are one block (daily_data .. daily_data_end) that
; the statistics file keeps on disk along with the statistics. A date finished long ago, its
; record replaced, is still in history.s: it shows its result, not an empty board.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

ROWS            = 6
LETTERS         = 5
DAILY_SLOTS     = 10            ; the last ten daily dates (RAM below the charset is full)
ROW_BYTES       = 32            ; 30 letters a record, padded to a power of two
STATUS_ROWS     = $07           ; daily_status: rows submitted 0..6
STATUS_WON      = $40
STATUS_OVER     = $80           ; won or lost: the date is finished

.segment "ZEROPAGE"
daily_ptr:      .res 2          ; owned by daily.s: the current record's letters

.segment "DATA"
daily_data:
daily_day_lo:   .res DAILY_SLOTS        ; day numbers (24-bit; 0: never used)
daily_day_mid:  .res DAILY_SLOTS
daily_day_hi:   .res DAILY_SLOTS
daily_status:   .res DAILY_SLOTS        ; STATUS_* bits; 0: no row yet (the slot is free)
daily_letters:  .res DAILY_SLOTS * ROW_BYTES    ; board_guesses of each record
daily_next:     .byte   0               ; the slot to replace when none is free
daily_data_end:
daily_slot:     .byte   0               ; the record of the daily game on the board

.segment "CODE"

; Start the daily game of day_number on a reset board: find its record (or make one) and replay
; the rows saved in it (scored again against answer_buf, the day's answer).
; in: day_number, answer_buf, board_reset done  out: C = 0 play on (board_row rows replayed);
;     C = 1 the date is finished: A = guesses if won, 0 if lost (a date of the history alone:
;     no rows, A = $80 if won); A = DAILY_ALL_OPEN: a new date, but all ten records are
;     half-played  clobbers: A X Y
.proc daily_begin
        ldx     #DAILY_SLOTS - 1
@find:  lda     daily_day_lo, x
        cmp     day_number
        bne     @other
        lda     daily_day_mid, x
        cmp     day_number + 1
        bne     @other
        lda     daily_day_hi, x
        cmp     day_number + 2
        beq     @found
@other: dex
        bpl     @find
        jsr     history_find            ; finished before its record was replaced
        bcc     @slot
        asl                             ; HISTORY_LOST -> 0, HISTORY_WON -> $80; C = 1
        rts
@slot:  ldx     #DAILY_SLOTS - 1        ; a free slot (no rows yet), else the next in turn
@free:  lda     daily_status, x
        beq     @new
        dex
        bpl     @free
        ldy     #DAILY_SLOTS            ; else the next finished one in turn (its result
@turn:  ldx     daily_next              ; stays in the history); a half-played date is never
        inx                             ; replaced (issue 29 item 4): all ten half-played,
        cpx     #DAILY_SLOTS            ; the date is refused
        bcc     :+
        ldx     #0
:       stx     daily_next
        lda     daily_status, x
        bmi     @new                    ; STATUS_OVER
        dey
        bne     @turn
        lda     #DAILY_ALL_OPEN
        sec
        rts
@new:   lda     day_number
        sta     daily_day_lo, x
        lda     day_number + 1
        sta     daily_day_mid, x
        lda     day_number + 2
        sta     daily_day_hi, x
        jsr     point_at                ; keeps X
        lda     #0
        sta     daily_status, x
        ldy     #ROW_BYTES - 1
@zero:  sta     (daily_ptr), y
        dey
        bpl     @zero
        clc
        rts
@found: jsr     point_at
        inc     reveal_quiet            ; the saved rows appear at once, silently
        ldy     #ROWS * LETTERS - 1
@copy:  lda     (daily_ptr), y
        sta     board_guesses, y
        dey
        bpl     @copy
@row:   ldx     daily_slot
        lda     daily_status, x
        and     #STATUS_ROWS
        cmp     board_row
        beq     @replayed
        jsr     copy_guess
        jsr     score_guess
        jsr     board_submit_row
        jmp     @row
@replayed:
        dec     reveal_quiet
        lda     daily_status, x
        bpl     @open
        and     #STATUS_WON
        beq     @lost
        lda     board_row
@lost:  sec
        rts
@open:  clc
        rts
.endproc

; in: X = slot  out: daily_slot = X, daily_ptr -> its letters  clobbers: A
.proc point_at
        stx     daily_slot
        txa
        lsr
        lsr
        lsr                             ; slot * 32: high byte slot >> 3, low byte slot << 5
        sta     daily_ptr + 1
        txa
        asl
        asl
        asl
        asl
        asl
        clc
        adc     #<daily_letters
        sta     daily_ptr
        lda     daily_ptr + 1
        adc     #>daily_letters
        sta     daily_ptr + 1
        rts
.endproc

; After a row of a daily game: save the letters and the status in its record, and a finished
; date in the history too (nothing for a random game).
; in: C = 1 the row won (board_submit_row's result), board_row, game_mode  out: saved
; clobbers: A X Y
.proc daily_save_row
        ldx     game_mode
        beq     @done
        php
        ldy     #ROWS * LETTERS - 1
@copy:  lda     board_guesses, y
        sta     (daily_ptr), y
        dey
        bpl     @copy
        lda     board_row
        plp
        bcc     @not_won
        ora     #STATUS_OVER | STATUS_WON
        bne     @store
@not_won:
        cmp     #ROWS
        bcc     @store
        ora     #STATUS_OVER
@store: ldx     daily_slot
        sta     daily_status, x
        and     #STATUS_OVER | STATUS_WON
        bpl     @done                   ; not over yet
        jmp     history_add             ; A = HISTORY_LOST or HISTORY_WON
@done:  rts
.endproc
.assert STATUS_OVER = HISTORY_LOST && STATUS_OVER | STATUS_WON = HISTORY_WON, error, "daily.s: the history takes the status bits"
