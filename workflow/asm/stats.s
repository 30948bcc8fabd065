; stats.s — statistics (kept on disk by persist.s when the game was loaded from a drive, else
; for this session): games played, win percentage, current and best streak, distribution.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

BAR_COL         = 12            ; distribution bars start here
BAR_MAX         = 22            ; the longest bar, in cells

.segment "DATA"
stats_played:   .word   0       ; games finished (won or lost); abandoned games do not count
stats_wins:     .word   0
stats_streak:   .word   0       ; wins in a row, up to the latest game
stats_best:     .word   0       ; the longest streak this session
stats_dist:     .res    12      ; 16-bit wins per guess count 1..6
stats_last:     .byte   0       ; guesses of the latest game if won, else 0 (highlighted bar)
stats_day:      .res    3       ; day number of the latest daily game counted (0: none yet)
ratio_div:      .word   0       ; ratio: the divisor (stats_show: the largest distribution count)

.segment "CODE"

; Count a won game.
; in: A = guesses 1..6  out: statistics updated  clobbers: A X
.proc stats_add_win
        sta     stats_last
        jsr     streak_day
        lda     stats_last
        asl
        tax                             ; 2 * guesses: the entry past the one to bump
        inc     stats_dist - 2, x
        bne     :+
        inc     stats_dist - 1, x
:       inc     stats_wins
        bne     :+
        inc     stats_wins + 1
:       inc     stats_streak
        bne     :+
        inc     stats_streak + 1
:       lda     stats_streak            ; best = max(best, streak)
        cmp     stats_best
        lda     stats_streak + 1
        sbc     stats_best + 1
        bcc     count_played
        lda     stats_streak
        sta     stats_best
        lda     stats_streak + 1
        sta     stats_best + 1
        jmp     count_played
.endproc

; Count a lost game.
; in: nothing  out: statistics updated  clobbers: A
.proc stats_add_loss
        jsr     streak_day
        lda     #0
        sta     stats_last
        sta     stats_streak
        sta     stats_streak + 1
        ; fall through
.endproc

.proc count_played
        inc     stats_played
        bne     :+
        inc     stats_played + 1
:       rts
.endproc

; The real game's streak rule for daily games: a daily won on any day but the one after the
; latest daily counted starts the streak again. Random games leave the day alone.
; in: game_mode, day_number, stats_day  out: stats_streak zeroed on a gap, stats_day = day_number
;     (daily games)  clobbers: A
.proc streak_day
        lda     game_mode
        beq     @done
        lda     stats_day
        ora     stats_day + 1
        ora     stats_day + 2
        beq     @set                    ; the first daily game
        lda     day_number              ; day_number - stats_day = 1: the next day
        sec
        sbc     stats_day
        sta     @gap
        lda     day_number + 1
        sbc     stats_day + 1
        sta     @gap + 1
        lda     day_number + 2
        sbc     stats_day + 2
        ora     @gap + 1
        bne     @break
        lda     @gap
        cmp     #1
        beq     @set
@break: lda     #0
        sta     stats_streak
        sta     stats_streak + 1
@set:   lda     day_number
        sta     stats_day
        lda     day_number + 1
        sta     stats_day + 1
        lda     day_number + 2
        sta     stats_day + 2
@done:  rts
.pushseg
.segment "DATA"
@gap:   .res 2
.popseg
.endproc

; The statistics screen; returns after a key.
; in: nothing  out: screen cleared, key consumed  clobbers: A X Y
.proc stats_show
        jsr     screen_clear
        jsr     print_inline
        .byte   14, 2, COLOR_WHITE, "STATISTICS", 0
        lda     persist_device
        bne     @disk
        jsr     print_inline
        .byte   13, 3, COLOR_GREY, "THIS SESSION", 0
        jmp     @labels
@disk:  jsr     print_inline
        .byte   13, 3, COLOR_GREY, "KEPT ON DISK", 0
@labels:
        jsr     print_inline
        .byte   8, 6, COLOR_LIGHT_GREY, "PLAYED", 0
        jsr     print_inline
        .byte   8, 8, COLOR_LIGHT_GREY, "WIN %", 0
        jsr     print_inline
        .byte   8, 10, COLOR_LIGHT_GREY, "CURRENT STREAK", 0
        jsr     print_inline
        .byte   8, 12, COLOR_LIGHT_GREY, "BEST STREAK", 0
        jsr     print_inline
        .byte   8, 15, COLOR_WHITE, "GUESS DISTRIBUTION", 0
        jsr     print_inline
        .byte   13, 24, COLOR_GREY, "PRESS ANY KEY", 0

        lda     #COLOR_WHITE
        sta     text_colour
        ldx     #26
        ldy     #6
        jsr     set_cursor
        lda     stats_played
        ldx     stats_played + 1
        jsr     print_word
        ; win % = round(100 * wins / played), 0 when nothing was played
        ldx     #26
        ldy     #8
        jsr     set_cursor
        lda     stats_wins
        sta     num
        lda     stats_wins + 1
        sta     num + 1
        lda     stats_played
        sta     ratio_div
        lda     stats_played + 1
        sta     ratio_div + 1
        lda     #200                    ; round half up as the real game does (2 of 3 is 67,
        jsr     ratio                   ; issue 15, fault 3): floor(200 w / p) = q, then
        clc                             ; (q + 1) / 2 = round(100 w / p)
        adc     #1
        ror
        ldx     #0
        jsr     print_word
        ldx     #26
        ldy     #10
        jsr     set_cursor
        lda     stats_streak
        ldx     stats_streak + 1
        jsr     print_word
        ldx     #26
        ldy     #12
        jsr     set_cursor
        lda     stats_best
        ldx     stats_best + 1
        jsr     print_word

        ; the largest count scales the bars: it is ratio's divisor for each of them
        lda     #0
        sta     ratio_div
        sta     ratio_div + 1
        ldx     #10
@max:   lda     stats_dist, x
        cmp     ratio_div
        lda     stats_dist + 1, x
        sbc     ratio_div + 1
        bcc     :+
        lda     stats_dist, x
        sta     ratio_div
        lda     stats_dist + 1, x
        sta     ratio_div + 1
:       dex
        dex
        bpl     @max

        ldx     #1
@bar:   stx     @guesses                ; row 16 + guesses: "n  ████ count"
        txa
        clc
        adc     #16
        tay
        ldx     #9
        jsr     set_cursor
        lda     #COLOR_LIGHT_GREY
        sta     text_colour
        lda     @guesses
        ora     #GLYPH_DIGIT0           ; (48 + 1..6)
        jsr     put_char
        lda     #GLYPH_SPACE
        jsr     put_char
        lda     #GLYPH_SPACE
        jsr     put_char
        lda     @guesses                ; length = floor(BAR_MAX * count / max)
        asl
        tax
        lda     stats_dist - 2, x
        sta     num
        sta     @count
        lda     stats_dist - 1, x
        sta     num + 1
        sta     @count + 1
        lda     #BAR_MAX
        jsr     ratio
        tax                             ; X = cells
        lda     #COLOR_DARK_GREY
        ldy     @guesses
        cpy     stats_last
        bne     :+
        lda     #COLOR_GREEN
:       sta     text_colour
        txa
        beq     @number
@cells: lda     #GLYPH_BAR
        jsr     put_char
        dex
        bne     @cells
@number:
        lda     #GLYPH_SPACE
        jsr     put_char
        lda     #COLOR_WHITE
        sta     text_colour
        lda     @count
        ldx     @count + 1
        jsr     print_word
        ldx     @guesses
        inx
        cpx     #7
        bne     @bar
        jmp     wait_key
.pushseg
.segment "DATA"
@guesses: .res 1
@count: .res 2
.popseg
.endproc

; Print the 16-bit number A (low) X (high) at the cursor.
; in: A, X  out: printed  clobbers: A X Y
.proc print_word
        sta     num
        stx     num + 1
        jmp     print_u16
.endproc

; floor(num * A / ratio_div), where num <= ratio_div; 0 when ratio_div is 0. A additions of
; num, each taking ratio_div out of the sum (and counting it) whenever the sum reaches it.
; in: num (16 bits), A = multiplier 1..255, ratio_div  out: A = quotient  clobbers: X Y
.proc ratio
        tax                             ; X = additions left
        ldy     #0                      ; Y = quotient
        lda     ratio_div
        ora     ratio_div + 1
        beq     @done
        sty     @rest                   ; the sum so far mod ratio_div
        sty     @rest + 1
@add:   lda     @rest
        clc
        adc     num
        sta     @rest
        lda     @rest + 1
        adc     num + 1
        sta     @rest + 1
        bcs     @take                   ; past 65535: surely >= ratio_div
        lda     @rest
        cmp     ratio_div
        lda     @rest + 1
        sbc     ratio_div + 1
        bcc     @next
@take:  lda     @rest                   ; (C = 1)
        sbc     ratio_div
        sta     @rest
        lda     @rest + 1
        sbc     ratio_div + 1
        sta     @rest + 1
        iny
@next:  dex
        bne     @add
@done:  tya
        rts
.pushseg
.segment "DATA"
@rest:  .res 2
.popseg
.endproc
