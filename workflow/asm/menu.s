; menu.s — the title screen (title tiles, how to play, the colour legend) and menu (random word,
; daily word, hard mode, colour-blind palette, statistics, sound; Q: back to BASIC) and the
; date entry of the daily word.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

MENU_COL        = 9             ; column of the menu items
DATE_ROW        = 21            ; the date entry line
DATE_COL        = 17            ; column of the YYYY-MM-DD field
ERROR_ROW       = 22
HELP_ROW        = 23
FOOTER_ROW      = 24            ; dictionary size (row 23 above it: persist_show_note)
DIGITS          = 8             ; YYYYMMDD

.segment "DATA"
opt_hard:       .byte   0       ; 1: hard mode (revealed hints must be used)
opt_colour_blind: .byte 0       ; 1: orange / cyan instead of green / yellow
game_mode:      .byte   GAME_RANDOM     ; GAME_RANDOM, GAME_DAILY or GAME_ABSURDLE: menu_run's
date_digits:    .res    DIGITS  ; digits typed so far, 0..9 each
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
        cmp     #$51                    ; Q: back to BASIC
        bne     :+
        jmp     quit_to_basic
:       cmp     #'6'
        beq     @sound
        cmp     #'7'
        beq     @absurdle
        cmp     #$41                    ; A
        beq     @absurdle
        cmp     #'5'
        beq     @stats
        cmp     #$53                    ; S
        bne     @key
@stats: jsr     stats_show
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
        .byte   MENU_COL, 8, COLOR_WHITE, "1  RANDOM WORD", 0
        jsr     print_inline
        .byte   MENU_COL, 10, COLOR_WHITE, "2  DAILY WORD", 0
        jsr     print_inline
        .byte   MENU_COL, 12, COLOR_WHITE, "3  HARD MODE", 0
        jsr     print_inline
        .byte   MENU_COL, 14, COLOR_WHITE, "4  COLOUR-BLIND", 0
        jsr     print_inline
        .byte   MENU_COL, 16, COLOR_WHITE, "5  STATISTICS", 0
        jsr     print_inline
        .byte   MENU_COL, 18, COLOR_WHITE, "6  SOUND", 0
        jsr     print_inline
        .byte   MENU_COL, 20, COLOR_WHITE, "7  ABSURDLE", 0
        jsr     print_inline
        .byte   6, 5, COLOR_LIGHT_GREY, "GUESS THE WORD IN SIX TRIES", 0
        jsr     print_inline        ; the legend: a tile of each colour and its meaning
        .byte   1, 6, COLOR_BLACK, 'A' | BG_RIGHT, 0
        jsr     print_here
        .byte   COLOR_LIGHT_GREY, " RIGHT PLACE", 0
        jsr     print_inline
        .byte   16, 6, COLOR_BLACK, 'B' | BG_ELSEWHERE, 0
        jsr     print_here
        .byte   COLOR_LIGHT_GREY, " ELSEWHERE", 0
        jsr     print_inline
        .byte   29, 6, COLOR_WHITE, 'C' | BG_ABSENT, 0
        jsr     print_here
        .byte   COLOR_LIGHT_GREY, " ABSENT", 0
        jsr     print_inline
        .byte   MENU_COL, DATE_ROW, COLOR_GREY, "PRESS 1-7, Q BACK TO BASIC", 0
        jmp     draw_options
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
        ldy     #12
        lda     opt_hard
        jsr     on_off
        ldy     #18
        lda     opt_sound
        jsr     on_off
        ldy     #14
        lda     opt_colour_blind
        ; fall through
.endproc

; in: Y = row, A = 0 off / 1 on  out: "ON " or "OFF" at column 27  clobbers: A X Y
.proc on_off
        pha
        ldx     #27
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
        .byte   3, HELP_ROW, COLOR_GREY, "RETURN PLAY  DEL ERASE  STOP BACK", 0
@show:  jsr     draw_field
@key:   jsr     wait_key
        cmp     #PETSCII_STOP
        beq     @back
        cmp     #PETSCII_RETURN
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
        cmp     #DIGITS
        bcc     @incomplete
        jsr     parse_date
        jsr     date_to_day
        bcs     @done
        jsr     print_inline
        .byte   MENU_COL, ERROR_ROW, COLOR_LIGHT_RED, "NO SUCH DATE", 0
        jmp     @key
@incomplete:
        jsr     print_inline
        .byte   MENU_COL, ERROR_ROW, COLOR_LIGHT_RED, "INCOMPLETE: YYYY-MM-DD", 0
        jmp     @key
@back:  clc
@done:  rts
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
        lda     field_template, x
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
