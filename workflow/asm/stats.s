; stats.s — statistics (kept on disk by persist.s when the game was loaded from a drive, else
; for this session): games played, win percentage, current and best streak, distribution.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

BAR_COL         = 12            ; distribution bars start here
BAR_MAX         = 22            ; the longest bar, in cells
DIST_ROW        = 15            ; the distribution's first bar (guesses 1)
PANEL_STATS_ROW = 17            ; stats_panel: between the game's messages and its help

.segment "RODATA"
; the statistics screen's table: pairs of rows with a blank row between pairs (issue 29 item 2)
stat_row:       .byte   4, 5, 7, 8, 10, 11
STAT_ROWS       = * - stat_row
stat_offset:    .byte   0, $FF, stats_streak - stats_played, stats_best - stats_played
                .byte   rand_streak - stats_played, rand_best - stats_played
stat_labels:    .byte   "PLAYED", 0
                .byte   "WIN %", 0              ; ($FF above: the percentage)
                .byte   "DAILY STREAK", 0
                .byte   "BEST DAILY STREAK", 0
                .byte   "RANDOM STREAK", 0
                .byte   "BEST RANDOM STREAK", 0

.segment "DATA"
stats_played:   .word   0       ; games finished (won or lost); abandoned games do not count
stats_wins:     .word   0
; streaks (issue 29 item 6): the daily streak is the real game's, wins of dailies on
; consecutive dates; random games keep a streak of their own, apart
stats_streak:   .word   0       ; daily wins on consecutive dates, up to the latest date counted
stats_best:     .word   0       ; the longest such run
rand_streak:    .word   0       ; random games won in a row (offset RANDOM from stats_streak)
rand_best:      .word   0
stats_dist:     .res    12      ; 16-bit wins per guess count 1..6
stats_last:     .byte   0       ; guesses of the latest game if won, else 0 (highlighted bar)
stats_day:      .res    3       ; the latest date whose daily was counted (0: none yet)
ratio_div:      .word   0       ; ratio: the divisor (stats_show: the largest distribution count)
RANDOM          = rand_streak - stats_streak
.assert rand_best - rand_streak = stats_best - stats_streak, error, "streak pairs alike"

.segment "CODE"

; Count a won game.
; in: A = guesses 1..6, game_mode (day_number for a daily)  out: statistics updated
; clobbers: A X
.proc stats_add_win
        sta     stats_last
        asl
        tax                             ; 2 * guesses: the entry past the one to bump
        inc     stats_dist - 2, x
        bne     :+
        inc     stats_dist - 1, x
:       inc     stats_wins
        bne     :+
        inc     stats_wins + 1
:       sec
        bcs     count_played
.endproc

; Count a lost game.
; in: game_mode (day_number for a daily)  out: statistics updated  clobbers: A X
.proc stats_add_loss
        lda     #0
        sta     stats_last
        clc
        ; fall through
.endproc

; in: C = won  out: played + 1, the game's streak counted  clobbers: A X
.proc count_played
        inc     stats_played
        bne     :+
        inc     stats_played + 1
:       ; fall through
.endproc

; A finished game's streak. Random: won + 1, lost 0. Daily: only a date after the latest daily
; counted moves the streak (an earlier date played late leaves it alone): won on the next date
; + 1, won after a gap 1, lost 0; that date is then the latest.
; in: C = won, game_mode, day_number, stats_day  out: the streak and its best  clobbers: A X
.proc count_streak
        php
        ldx     #RANDOM
        lda     game_mode
        beq     @count
        ldx     #0
        lda     day_number              ; gap = day_number - stats_day (24 bits)
        sec
        sbc     stats_day
        sta     @gap
        lda     day_number + 1
        sbc     stats_day + 1
        sta     @gap + 1
        lda     day_number + 2
        sbc     stats_day + 2
        bcc     @keep                   ; an earlier date
        ora     @gap + 1
        bne     @far                    ; 256 days or more
        lda     @gap
        beq     @keep                   ; (the same date: never counted twice)
        cmp     #1
        beq     @next
@far:   stx     stats_streak            ; a gap: the run starts again (X = 0)
        stx     stats_streak + 1
@next:  lda     day_number
        sta     stats_day
        lda     day_number + 1
        sta     stats_day + 1
        lda     day_number + 2
        sta     stats_day + 2
@count: plp
        bcs     @won
        lda     #0
        sta     stats_streak, x
        sta     stats_streak + 1, x
        rts
@won:   inc     stats_streak, x
        bne     :+
        inc     stats_streak + 1, x
:       lda     stats_streak, x         ; best = max(best, streak)
        cmp     stats_best, x
        lda     stats_streak + 1, x
        sbc     stats_best + 1, x
        bcc     @done
        lda     stats_streak, x
        sta     stats_best, x
        lda     stats_streak + 1, x
        sta     stats_best + 1, x
@done:  rts
@keep:  plp
        rts
.pushseg
.segment "BSS"
@gap:   .res 2
.popseg
.endproc

; After a game, in the panel under its message (the real game shows its statistics after each
; game): games played and won, and the streak of the game's kind (daily or random) with its best.
; in: game_mode, the statistics  out: drawn on rows PANEL_STATS_ROW and the one below
; clobbers: A X Y
.proc stats_panel
        jsr     print_inline
        .byte   PANEL_COL, PANEL_STATS_ROW, COLOR_GREY, "PLAYED ", 0
        lda     stats_played
        ldx     stats_played + 1
        jsr     print_word
        jsr     print_here
        .byte   COLOR_GREY, " WON ", 0
        lda     stats_wins
        ldx     stats_wins + 1
        jsr     print_word
        jsr     print_inline
        .byte   PANEL_COL, PANEL_STATS_ROW + 1, COLOR_GREY, "STREAK ", 0
        ldy     #RANDOM
        lda     game_mode
        beq     :+
        ldy     #0
:       sty     @pair
        lda     stats_streak, y
        ldx     stats_streak + 1, y
        jsr     print_word
        jsr     print_here
        .byte   COLOR_GREY, " BEST ", 0
        ldy     @pair
        lda     stats_best, y
        ldx     stats_best + 1, y
        jmp     print_word
.pushseg
.segment "BSS"
@pair:  .res 1
.popseg
.endproc

; The statistics screen; returns after a key.
; in: nothing  out: screen cleared, key consumed  clobbers: A X Y
.proc stats_show
        jsr     screen_clear
        jsr     print_inline
        .byte   15, 1, COLOR_WHITE, "STATISTICS", 0
        lda     persist_device
        bne     @disk
        jsr     print_inline
        .byte   14, 2, COLOR_GREY, "THIS SESSION", 0
        jmp     @labels
@disk:  jsr     print_inline
        .byte   14, 2, COLOR_GREY, "KEPT ON DISK", 0
@labels:
        jsr     print_inline
        .byte   6, 13, COLOR_WHITE, "GUESS DISTRIBUTION", 0
        jsr     print_inline
        .byte   13, 24, COLOR_GREY, "PRESS ANY KEY", 0
        ldx     #0                      ; the table: a label and its value a row
@row:   stx     @guesses                ; (the row number, for now)
        ldy     stat_row, x
        ldx     #6
        jsr     set_cursor
        lda     #COLOR_LIGHT_GREY
        sta     text_colour
        ldx     @guesses
        lda     #<(stat_labels - 1)
        ldy     #>(stat_labels - 1)
        jsr     str_pick
        jsr     print_str
        ldx     @guesses
        ldy     stat_row, x
        ldx     #26
        jsr     set_cursor
        lda     #COLOR_WHITE
        sta     text_colour
        ldx     @guesses
        ldy     stat_offset, x
        bmi     @percent
        lda     stats_played, y
        ldx     stats_played + 1, y
        jmp     @print
@percent:                               ; win % = round(100 * wins / played), 0 when nothing
        lda     stats_wins              ; was played
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
@print: jsr     print_word
        ldx     @guesses
        inx
        cpx     #STAT_ROWS
        bne     @row

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
@bar:   stx     @guesses                ; row DIST_ROW - 1 + guesses: "n  ████ count"
        txa
        clc
        adc     #DIST_ROW - 1
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
