; menu.s — the title screen (title tiles, the line under them, the colour legend) and menu
; (random word, daily word, hard mode, colour-blind palette, statistics, sound, Absurdle, how to
; play; Q: back to BASIC), the settings (kept on disk) and the date entry of the daily word, which
; offers the day after the last date played.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

; The menu's grid (issue 29 item 2): a blank row between any two parts. Rows 1-3 title tiles,
; 5 the line under them, 7 the legend, 9-15 the items in two columns (games left, settings
; right), 17 the prompt (the date entry's keys while it runs), 19 the date field (or
; main.s's "UNPACKING WORDS"), 21 its error (or main.s's progress bar), 23 the statistics note,
; 24 the dictionary's size.
GAMES_COL       = 2             ; column of the games' items
SETTINGS_COL    = 21            ; column of the settings' items
ON_OFF_COL      = 37            ; ON / OFF beside them
ITEM_ROW        = 9             ; the first row of items; they are two rows apart
PROMPT_ROW      = 17
DATE_ROW        = 19            ; the date entry line
MENU_COL        = 9             ; column of "DATE:"
DATE_COL        = 17            ; column of the YYYY-MM-DD field
ERROR_ROW       = 21
FOOTER_ROW      = 24            ; dictionary size (row 23 above it: persist_show_note)
DIGITS          = 8             ; YYYYMMDD

.segment "DATA"
; the settings: one block, kept on disk with the statistics (persist.s, issue 29 item 5)
opt_hard:       .byte   0       ; 1: hard mode (revealed hints must be used)
opt_colour_blind: .byte 0       ; 1: cyan instead of green for the right place
opt_sound:      .byte   1       ; 0: silent (sound.s plays nothing)
last_date:      .byte   $FF     ; the last daily date accepted, YYYYMMDD digits ($FF: none),
                .res    DIGITS - 1      ; so the date entry offers the next date (item 8)
opt_end:

.segment "BSS"                          ; set before use: no room in the PRG, none needed
offer_digits:   .res    DIGITS  ; the date offered: last_date + 1 day ($FF first: none)
date_digits:    .res    DIGITS  ; digits typed so far, 0..9 each

.segment "DATA"
game_mode:      .byte   GAME_RANDOM     ; GAME_RANDOM, GAME_DAILY or GAME_ABSURDLE: menu_run's
date_len:       .byte   0       ; how many, 0..8 (every date entry starts empty: issue 15, fault 1)
start_daily:    .res    1       ; menu_common: 1 straight to the date entry (once)

.segment "RODATA"
; title tiles W O R D L E 6 4: background selector and letter colour of each
title_glyph:    .byte   "WORDLE64"
title_bg:       .byte   BG_RIGHT, BG_ELSEWHERE, BG_ABSENT, BG_RIGHT
                .byte   BG_ELSEWHERE, BG_RIGHT, BG_ABSENT, BG_RIGHT
title_colour:   .byte   COLOR_BLACK, COLOR_BLACK, COLOR_WHITE, COLOR_BLACK
                .byte   COLOR_BLACK, COLOR_BLACK, COLOR_WHITE, COLOR_BLACK
; the date field: which typed digit each of the 10 places shows ($FF: a dash)
field_digit:    .byte   0, 1, 2, 3, $FF, 4, 5, $FF, 6, 7
field_template: .byte   "YYYY-MM-DD"

.segment "CODE"

; The menu already drawn (start-up: draw_menu_body, then draw_menu_footer once the
; dictionary is in): straight to its keys; keys pressed meanwhile wait in the KERNAL's buffer.
; in: the menu on screen  out: as menu_run  clobbers: A X Y
.proc menu_resume
        lda     #2
        bne     menu_common
.endproc

; The menu: returns once a game is chosen (game_mode set; for a daily game the date is valid
; and day_number set). Hard mode, palette and statistics are handled here.
; in: nothing  out: game_mode  clobbers: A X Y
.proc menu_run
        lda     #0
        beq     menu_common
.endproc

; The menu, starting in the date entry (play the daily word again, for another date).
; in: nothing  out: as menu_run  clobbers: A X Y
.proc menu_daily
        lda     #1
        ; fall through
.endproc

.proc menu_common
        cmp     #2
        beq     @key                    ; menu_resume: the menu is on screen already
        sta     start_daily
@draw:  jsr     draw_menu_body          ; the whole menu
        jsr     draw_menu_footer
        lsr     start_daily             ; menu_daily: once (0 from then on)
        bcs     @daily
@key:   jsr     wait_key
        jsr     unshift_letter          ; shifted letters pick items too (issue 15, fault 5)
        cmp     #'1'
        beq     @random
        cmp     #$52                    ; R
        beq     @random
        cmp     #'2'
        beq     @daily
        cmp     #$44                    ; D
        beq     @daily
        cmp     #'3'
        beq     @hard
        cmp     #$48                    ; H
        beq     @hard
        cmp     #'4'
        beq     @palette
        cmp     #$43                    ; C
        beq     @palette
        cmp     #$51                    ; Q: back to BASIC, the settings saved first (a
        bne     :+                      ; change not followed by a game would be lost)
        jsr     persist_save
        jmp     quit_to_basic
:       cmp     #'6'
        beq     @sound
        cmp     #'7'
        beq     @absurdle
        cmp     #$41                    ; A
        beq     @absurdle
        cmp     #'8'
        beq     @how
        cmp     #'5'
        beq     @stats
        cmp     #$53                    ; S
        bne     @key
@stats: jsr     stats_show
        jmp     @draw
@how:   jsr     how_to_play
        jmp     @draw
@hard:  lda     opt_hard
        eor     #1
        sta     opt_hard
        bpl     @options                ; always (0 or 1)
@sound: lda     opt_sound
        eor     #1
        sta     opt_sound
        bpl     @options                ; always
@palette:
        lda     opt_colour_blind
        eor     #1
        sta     opt_colour_blind
        jsr     palette_apply
@options:
        jsr     draw_options
        jmp     @key
@random:
        lda     #GAME_RANDOM
        sta     game_mode
        rts
@daily: jsr     date_entry
        bcs     :+
        jmp     @draw                   ; RUN/STOP: back to the menu
:       lda     #GAME_DAILY
        sta     game_mode
        rts
@absurdle:
        lda     #GAME_ABSURDLE
        sta     game_mode
        rts
.endproc

; Title tiles, menu items, legend, prompt and options: nothing that needs the dictionary or the
; statistics file, so start-up shows it before they are read.
; in: opt_hard, opt_colour_blind, opt_sound  out: drawn (rows 0-22; 23-24 blank)
; clobbers: A X Y
.proc draw_menu_body
        jsr     screen_clear
        ldy     #8 * 4 - 2              ; title tiles: tile Y / 4 covers columns 4 + Y, rows 1-3
@cell:  tya
        lsr
        lsr
        tax                             ; X = tile
        tya
        and     #3
        cmp     #3
        beq     @next                   ; the gap between two tiles
        lsr                             ; C = 1: the middle column (the letter on row 2)
        lda     title_colour, x
        sta     COLOR_RAM + 1 * SCREEN_COLUMNS + 4, y
        sta     COLOR_RAM + 2 * SCREEN_COLUMNS + 4, y
        sta     COLOR_RAM + 3 * SCREEN_COLUMNS + 4, y
        lda     #GLYPH_SPACE
        ora     title_bg, x
        sta     SCREEN + 1 * SCREEN_COLUMNS + 4, y
        sta     SCREEN + 3 * SCREEN_COLUMNS + 4, y
        bcc     @side
        lda     title_glyph, x
        ora     title_bg, x
@side:  sta     SCREEN + 2 * SCREEN_COLUMNS + 4, y
@next:  dey
        bpl     @cell

        jsr     print_inline
        .byte   GAMES_COL, ITEM_ROW, COLOR_WHITE, "1  RANDOM WORD", 0
        jsr     print_inline
        .byte   GAMES_COL, ITEM_ROW + 2, COLOR_WHITE, "2  DAILY WORD", 0
        jsr     print_inline
        .byte   GAMES_COL, ITEM_ROW + 4, COLOR_WHITE, "7  ABSURDLE", 0
        jsr     print_inline
        .byte   GAMES_COL, ITEM_ROW + 6, COLOR_WHITE, "8  HOW TO PLAY", 0
        jsr     print_inline
        .byte   SETTINGS_COL, ITEM_ROW, COLOR_WHITE, "3  HARD MODE", 0
        jsr     print_inline
        .byte   SETTINGS_COL, ITEM_ROW + 2, COLOR_WHITE, "4  COLOUR-BLIND", 0
        jsr     print_inline
        .byte   SETTINGS_COL, ITEM_ROW + 4, COLOR_WHITE, "6  SOUND", 0
        jsr     print_inline
        .byte   SETTINGS_COL, ITEM_ROW + 6, COLOR_WHITE, "5  STATISTICS", 0
        ldy     #5
        jsr     print_tagline
        ldy     #7
        jsr     draw_legend
        jsr     print_inline
        .byte   7, PROMPT_ROW, COLOR_GREY, "PRESS 1-8, Q BACK TO BASIC", 0
        jmp     draw_options
.endproc

; "GUESS THE WORD IN SIX TRIES" (the menu's line under the title, the how-to page's first).
; in: Y = row  out: printed  clobbers: A X Y
.proc print_tagline
        ldx     #6
        jsr     set_cursor
        jsr     print_here
        .byte   COLOR_LIGHT_GREY, "GUESS THE WORD IN SIX TRIES", 0
        rts
.endproc

; The legend: a tile of each colour and its meaning (the menu's row 7, the how-to page's).
; in: Y = row  out: drawn  clobbers: A X Y
.proc draw_legend
        sty     @row
        lda     #BG_RIGHT | 1           ; A on green: black
        ldx     #1
        jsr     @tile
        jsr     print_here
        .byte   COLOR_LIGHT_GREY, " RIGHT PLACE", 0
        lda     #BG_ELSEWHERE | 2
        ldx     #16
        jsr     @tile
        jsr     print_here
        .byte   COLOR_LIGHT_GREY, " ELSEWHERE", 0
        lda     #BG_ABSENT | 3
        ldx     #29
        jsr     @tile
        jsr     print_here
        .byte   COLOR_LIGHT_GREY, " ABSENT", 0
        rts
@tile:  pha                             ; glyph A at column X of the legend's row
        ldy     @row
        jsr     set_cursor
        pla
        ldy     #COLOR_BLACK
        cmp     #BG_ABSENT
        bcc     :+
        ldy     #COLOR_WHITE            ; on dark grey: white
:       sty     text_colour
        jmp     put_char
.pushseg
.segment "BSS"
@row:   .res 1
.popseg
.endproc

; Rows 23-24: the statistics note and the footer "2730 ANSWERS AMONG 14855 WORDS" (over
; whatever start-up showed there).
; in: dict_answer_count, dict_word_count, persist_note  out: drawn  clobbers: A X Y
.proc draw_menu_footer
        ldx     #0
        ldy     #FOOTER_ROW - 1
        lda     #2 * SCREEN_COLUMNS
        jsr     clear_span
        ldx     #5
        ldy     #FOOTER_ROW
        jsr     set_cursor
        lda     #COLOR_GREY
        sta     text_colour
        lda     dict_answer_count
        sta     num
        lda     dict_answer_count + 1
        sta     num + 1
        jsr     print_u16
        jsr     print_here
        .byte   COLOR_GREY, " ANSWERS AMONG ", 0
        lda     dict_word_count
        sta     num
        lda     dict_word_count + 1
        sta     num + 1
        jsr     print_u16
        jsr     print_here
        .byte   COLOR_GREY, " WORDS", 0
        jmp     persist_show_note
.endproc

; ON / OFF beside hard mode, colour-blind and sound.
; in: opt_hard, opt_colour_blind, opt_sound  out: drawn  clobbers: A X Y
.proc draw_options
        ldy     #ITEM_ROW
        lda     opt_hard
        jsr     on_off
        ldy     #ITEM_ROW + 4
        lda     opt_sound
        jsr     on_off
        ldy     #ITEM_ROW + 2
        lda     opt_colour_blind
        ; fall through
.endproc

; in: Y = row, A = 0 off / 1 on  out: "ON " or "OFF" at ON_OFF_COL  clobbers: A X Y
.proc on_off
        pha
        ldx     #ON_OFF_COL
        jsr     set_cursor
        pla
        beq     @off
        jsr     print_here
        .byte   COLOR_LIGHT_GREEN, "ON ", 0
        rts
@off:   jsr     print_here
        .byte   COLOR_GREY, "OFF", 0
        rts
.endproc

; Date entry below the menu: digits, DEL, RETURN (validate), RUN/STOP (back).
; in: nothing  out: C = 1 valid date (date_year/month/day, day_number set), C = 0 abandoned
; clobbers: A X Y
.proc date_entry
        jsr     make_offer
        lda     #0                      ; a fresh field: the last date's digits would fill it
        sta     date_len                ; and drop the new ones (issue 15, fault 1)
        jsr     clear_error
        ldx     #0
        ldy     #DATE_ROW
        lda     #SCREEN_COLUMNS
        jsr     clear_span
        jsr     print_inline
        .byte   MENU_COL, DATE_ROW, COLOR_WHITE, "DATE:", 0
        jsr     print_inline
        .byte   3, PROMPT_ROW, COLOR_GREY, "RETURN PLAY  DEL ERASE  STOP BACK", 0
@show:  jsr     draw_field
@key:   jsr     wait_key
        cmp     #PETSCII_STOP
        bne     :+
        clc                             ; RUN/STOP: back
        rts
:       cmp     #PETSCII_RETURN
        beq     @accept
        cmp     #PETSCII_DELETE
        bne     @digit
        lda     date_len
        beq     @key
        dec     date_len
        jmp     @changed
@digit: jsr     key_to_digit
        bcc     @key
        ldx     date_len
        cpx     #DIGITS
        bcs     @key
        sta     date_digits, x
        inc     date_len
@changed:
        jsr     clear_error
        jmp     @show
@accept:
        lda     date_len
        bne     @typed
        ldx     offer_digits            ; nothing typed: the date offered, if any
        bmi     @incomplete
        ldx     #DIGITS - 1
:       lda     offer_digits, x
        sta     date_digits, x
        dex
        bpl     :-
        lda     #DIGITS
        sta     date_len
@typed: cmp     #DIGITS
        bcc     @incomplete
        jsr     parse_date
        jsr     date_to_day
        bcc     @refused
        ldx     #DIGITS - 1             ; the next date entry offers the day after
:       lda     date_digits, x
        sta     last_date, x
        dex
        bpl     :-
        rts                             ; C = 1
@refused:
        jsr     print_inline
        .byte   MENU_COL, ERROR_ROW, COLOR_LIGHT_RED, "NO SUCH DATE", 0
        jmp     @key
@incomplete:
        jsr     print_inline
        .byte   MENU_COL, ERROR_ROW, COLOR_LIGHT_RED, "INCOMPLETE: YYYY-MM-DD", 0
        jmp     @key
.endproc

; offer_digits = last_date + 1 day (day + 1; else the 1st of the next month; else January 1st
; of the next year; no such date (after 9999-12-31, or no last date): $FF, nothing offered).
; in: last_date  out: offer_digits  clobbers: A X Y date_digits date_year.. day_number
.proc make_offer
        ldx     #DIGITS - 1
:       lda     last_date, x
        sta     date_digits, x
        dex
        bpl     :-
        tax                             ; (the first digit)
        bmi     @none
        ldx     #7                      ; the day's last digit
        jsr     @next
        bcs     @ok
        ldx     #5                      ; the month's
        jsr     @next
        bcs     @ok
        ldx     #3                      ; the year's
        jsr     @next
        bcs     @ok
@none:  lda     #$FF
        sta     offer_digits
        rts
@ok:    ldx     #DIGITS - 1
:       lda     date_digits, x
        sta     offer_digits, x
        dex
        bpl     :-
        rts
; the digits up to X counted up by one, the ones after X reset to 01 / 01; C = 1 a real date
@next:  stx     @last
        inc     date_digits, x
@carry: lda     date_digits, x
        cmp     #10
        bcc     @reset
        lda     #0
        sta     date_digits, x
        dex
        bmi     @reset                  ; 9999 + 1: 0000, refused below
        inc     date_digits, x
        bne     @carry                  ; always
@reset: ldx     @last
        cpx     #7
        beq     @check
        lda     #0                      ; the fields after it start again at 01
        ldy     #1
        sta     date_digits + 6
        sty     date_digits + 7
        cpx     #5
        beq     @check
        sta     date_digits + 4
        sty     date_digits + 5
@check: jsr     parse_date
        jmp     date_to_day
.pushseg
.segment "BSS"
@last:  .res 1
.popseg
.endproc

; Shifted letters ($C1-$DA) as their unshifted codes ($41-$5A); anything else unchanged.
; in: A = PETSCII  out: A  clobbers: nothing
.proc unshift_letter
        cmp     #$C1
        bcc     @done
        cmp     #$DB
        bcs     @done
        and     #$7F
@done:  rts
.endproc

; in: nothing  out: the error line blank  clobbers: A X Y
.proc clear_error
        ldx     #0
        ldy     #ERROR_ROW
        lda     #SCREEN_COLUMNS
        jmp     clear_span
.endproc

; The field: typed digits white, the rest of the template dim, the next place highlighted.
; in: date_digits, date_len  out: drawn  clobbers: A X Y
.proc draw_field
        ldx     #DATE_COL
        ldy     #DATE_ROW
        jsr     set_cursor
        ldx     #0
@place: lda     field_digit, x
        bmi     @template               ; a dash
        cmp     date_len
        bcc     @typed
        bne     @template
        lda     #COLOR_LIGHT_GREEN      ; the place the next digit goes
        bne     @colour
@template:
        lda     #COLOR_DARK_GREY
@colour:
        sta     text_colour
        ldy     field_digit, x          ; the offered date's digit, dim, else the template
        bmi     @plain
        lda     offer_digits
        bmi     @plain
        lda     offer_digits, y
        ora     #GLYPH_DIGIT0
        bne     @put                    ; always
@plain: lda     field_template, x
        jmp     @put
@typed: tay
        lda     #COLOR_WHITE
        sta     text_colour
        lda     date_digits, y
        ora     #GLYPH_DIGIT0
@put:   jsr     put_char
        inx
        cpx     #10
        bne     @place
        rts
.endproc

; Print the typed date as YYYY-MM-DD at the cursor in text_colour.
; in: date_digits  out: printed  clobbers: A X Y
.proc menu_print_date
        ldx     #0
@place: ldy     field_digit, x
        lda     #'-'
        cpy     #$FF
        beq     @put
        lda     date_digits, y
        ora     #GLYPH_DIGIT0
@put:   jsr     put_char
        inx
        cpx     #10
        bne     @place
        rts
.endproc

; Digits -> date_year (16 bits), date_month, date_day.
; in: date_digits (8)  out: date_year, date_month, date_day  clobbers: A X Y num
.proc parse_date
        ldx     #0                      ; X = the next digit
        lda     #4
        jsr     decimal
        lda     num
        sta     date_year
        lda     num + 1
        sta     date_year + 1
        lda     #2
        jsr     decimal
        lda     num
        sta     date_month
        lda     #2
        jsr     decimal
        lda     num
        sta     date_day
        rts
.endproc

; num = the next A digits of date_digits (from X) as a decimal number (at most 9999).
; in: A = digits 1..4, X = the first  out: num (16 bits), X past them  clobbers: A Y
.proc decimal
        sta     @left
        lda     #0
        sta     num
        sta     num + 1
@digit: asl     num                     ; num * 10 = 2 num + 8 num (C = 0 after each step:
        rol     num + 1                 ; 8 * 999 + 9 fits in 15 bits)
        lda     num
        ldy     num + 1                 ; 2 num
        asl     num
        rol     num + 1
        asl     num
        rol     num + 1
        adc     num
        sta     num
        tya
        adc     num + 1
        sta     num + 1
        lda     date_digits, x
        adc     num
        sta     num
        bcc     :+
        inc     num + 1
:       inx
        dec     @left
        bne     @digit
        rts
.pushseg
.segment "DATA"
@left:  .res 1
.popseg
.endproc
