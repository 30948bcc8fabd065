; history.s — every daily date finished, the last HISTORY_MAX of them: so a date played long ago
; (its board no longer among daily.s's ten records) is not played, nor counted, a second time
; (issue 29 item 4). An entry is the day number (24-bit, little-endian) with the result in the
; top two bits of its high byte, which a day number never uses (9999-12-31 is day $37BADA).
; The entries live in the RAM under the KERNAL ROM, inside the statistics file's image that
; persist.s LOADs there (history_home): writes reach that RAM with the ROM in, reads need the ROM
; switched out (kernal_out .. kernal_in, interrupts off meanwhile). When all HISTORY_MAX are
; used the oldest is replaced (a ring): that date can then be played again.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

RESULT_BITS     = HISTORY_LOST | HISTORY_WON    ; an entry's high byte: the result ...
DAY_HI_BITS     = <~RESULT_BITS                 ; ... and the day number's top bits
PORT_NO_KERNAL  = $35           ; RAM at $A000-$BFFF and $E000-$FFFF, I/O visible
.assert RESULT_BITS = $C0, error, "history.s: a day number (at most $37BADB) leaves bits 6-7"
.assert HISTORY_BYTES < $8000, error, "history.s: the byte counts are compared unsigned"

.segment "ZEROPAGE"
history_ptr:    .res 2          ; owned by history.s: the entry being read or written

.segment "DATA"
history_counts:                 ; saved with the statistics (persist.s: its own block)
history_used:   .word   0       ; bytes of entries in use, 0..HISTORY_BYTES
history_next:   .word   0       ; byte offset of the entry to write next, 0..HISTORY_BYTES - 3
history_counts_end:
history_end:    .res    2       ; history_home + history_used, while history_find runs

.segment "CODE"

; Switch the KERNAL ROM out, interrupts off: the RAM under it reads.
; in: nothing  out: $01 = PORT_NO_KERNAL, I = 1  clobbers: A
.proc kernal_out
        sei
        lda     #PORT_NO_KERNAL
        sta     CPU_PORT
        rts
.endproc

; Switch the KERNAL ROM back in, interrupts on.
; in: nothing  out: $01 = PORT_NO_BASIC, I = 0  clobbers: A (C kept)
.proc kernal_in
        lda     #PORT_NO_BASIC
        sta     CPU_PORT
        cli
        rts
.endproc

; Is day_number a finished daily of the history?
; in: day_number  out: C = 1 found, A = its result (HISTORY_LOST / HISTORY_WON); C = 0 not there
; clobbers: A X Y
.proc history_find
        lda     history_used
        clc
        adc     #<history_home
        sta     history_end
        lda     history_used + 1
        adc     #>history_home
        sta     history_end + 1
        lda     #<history_home
        sta     history_ptr
        lda     #>history_home
        sta     history_ptr + 1
        jsr     kernal_out
@entry: lda     history_ptr             ; past the last entry in use: not there
        cmp     history_end
        lda     history_ptr + 1
        sbc     history_end + 1
        bcs     @absent
        ldy     #0
        lda     (history_ptr), y
        cmp     day_number
        bne     @next
        iny
        lda     (history_ptr), y
        cmp     day_number + 1
        bne     @next
        iny
        lda     (history_ptr), y
        and     #DAY_HI_BITS
        cmp     day_number + 2
        bne     @next
        lda     (history_ptr), y
        and     #RESULT_BITS
        tax
        sec
        bcs     @done                   ; always
@next:  lda     history_ptr
        clc
        adc     #HISTORY_ENTRY_BYTES
        sta     history_ptr
        bcc     @entry
        inc     history_ptr + 1
        bne     @entry                  ; always
@absent:
        clc
@done:  jsr     kernal_in               ; keeps C
        txa
        rts
.endproc

; Add day_number, finished, to the history (over the oldest entry once all are in use).
; in: day_number, A = HISTORY_LOST or HISTORY_WON  out: added  clobbers: A Y
.proc history_add
        pha
        lda     history_next
        clc
        adc     #<history_home
        sta     history_ptr
        lda     history_next + 1
        adc     #>history_home
        sta     history_ptr + 1
        ldy     #0                      ; writes reach the RAM under the ROM
        lda     day_number
        sta     (history_ptr), y
        iny
        lda     day_number + 1
        sta     (history_ptr), y
        iny
        pla
        ora     day_number + 2
        sta     (history_ptr), y
        lda     history_next            ; next entry, round at the end
        clc
        adc     #HISTORY_ENTRY_BYTES
        sta     history_next
        bcc     :+
        inc     history_next + 1
:       cmp     #<HISTORY_BYTES
        bne     @grow
        lda     history_next + 1
        cmp     #>HISTORY_BYTES
        bne     @grow
        lda     #0
        sta     history_next
        sta     history_next + 1
@grow:  lda     history_used            ; one entry more in use, until all are
        cmp     #<HISTORY_BYTES
        bne     :+
        lda     history_used + 1
        cmp     #>HISTORY_BYTES
        beq     @done
:       lda     history_used
        clc
        adc     #HISTORY_ENTRY_BYTES
        sta     history_used
        bcc     @done
        inc     history_used + 1
@done:  rts
.endproc
