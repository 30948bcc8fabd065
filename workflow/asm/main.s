; main.s — the game's entry point (the BASIC stub JMPs here) and the turn loop: start-up reads the
; statistics, draws the menu, starts the dictionary's unpack and reads keys at once: the unpack
; goes on while the game waits for keys (wait_key -> dict_step), and a guess or an answer
; needed before it is over comes from dict_check / dict_answer (scan.s); then menu -> game ->
; play again or menu, forever.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

LETTERS         = 5
ROWS            = 6
HELP_ROW        = 20            ; three help lines in the panel
MENU_NOTE_ROW   = 19            ; the date field's line (menu.s DATE_ROW): no date entry now
BAR_ROW         = 21            ; the unpack's progress bar, on the date error line: 32 cells,
BAR_COL         = 4             ; one per 8 progress steps

.export main, nmi_ignore

.segment "CODE"

; Start-up and the main loop; never returns (BASIC is switched out by dict_init).
; in: nothing  out: never returns
.proc main
        ldx     #$FF                    ; we never return to BASIC: take the whole stack
        txs
        lda     #<nmi_ignore            ; RESTORE (with or without RUN/STOP) must not warm-start
        sta     NMI_VECTOR              ; BASIC, which is switched out once the table is in
        lda     #>nmi_ignore
        sta     NMI_VECTOR + 1
        jsr     dict_relocate           ; our glyphs in place before the VIC shows them
        jsr     screen_init
        jsr     sound_init
        jsr     persist_load            ; statistics and daily dates first: a drive's LOAD
                                        ; drops keys, so the menu shows only after it; its
                                        ; buffer lies in the unpacker's work area, unused yet
        jsr     palette_apply           ; the colour-blind setting as loaded
        jsr     draw_menu_body          ; the menu before the unpack (issue 17's target)
        jsr     dict_counts             ; the dictionary's size (header, trailer)
        jsr     draw_menu_footer        ; and the note: the whole menu
        jsr     dict_prepare            ; the unpack set up; keys wait in the KERNAL's buffer
        jsr     dict_step               ; the unpack's first step (dict_start's)
        jsr     menu_resume             ; keys typed meanwhile wait in the KERNAL's buffer
        jmp     @chosen
@menu:  jsr     menu_run
@chosen:
        lda     game_mode
        cmp     #GAME_ABSURDLE
        bne     @game
        lda     dict_complete           ; Absurdle needs the whole table and the RAM above it:
        bne     @absurdle               ; chosen within seconds of RUN, it waits for the rest
        jsr     print_inline            ; of the unpack under a progress bar
        .byte   12, MENU_NOTE_ROW, COLOR_WHITE, "UNPACKING WORDS", 0
        lda     #COLOR_DIM
        sta     text_colour
        ldx     #BAR_COL
        ldy     #BAR_ROW
        jsr     set_cursor
        ldx     #32
@bar:   lda     #GLYPH_BLOCK
        jsr     put_char
        dex
        bne     @bar
        lda     #<progress_bar          ; the hook (JMP dict_yield) colours the bar first
        sta     unpack_progress_hook + 1
        lda     #>progress_bar
        sta     unpack_progress_hook + 2
        jsr     dict_finish
@absurdle:
        jsr     absurdle_play
        jmp     @menu
@game:  lda     game_mode
        bne     @daily
        jsr     rng_seed_jiffy          ; seeded at the key press that started the game
        jsr     pick_random_answer
        jmp     @play
@daily: jsr     daily_answer
@play:  jsr     play_game
        bcc     @menu                   ; RUN/STOP during or after the game
        lda     game_mode
        beq     @game                   ; another random word
        jsr     menu_daily              ; another date
        jmp     @game
.endproc

; Back to BASIC (the menu's Q): BASIC ROM in, then the KERNAL's own reset, which sets up the
; VIC, the vectors and BASIC as at power-on (the BASIC program is gone: the dictionary used it).
; in: nothing  out: never returns  clobbers: everything (the machine restarts)
.proc quit_to_basic
        sei
        lda     #$37
        sta     $01
        lda     #0
        sta     $8004                   ; RAM left over could look like a cartridge's "CBM80"
        jmp     ($FFFC)
.endproc

; unpack_progress_hook while Absurdle waits for the unpack: colour the bar up to the cell of
; A, then on to dict_yield (the coroutine's switch).
; in: A = progress 0..255  out: as dict_yield  clobbers: A (the hook's contract)
.proc progress_bar
        stx     @saved_x
        lsr
        lsr
        lsr
        tax                             ; the last cell to colour, 0..31
        lda     #COLOR_GREEN
@cell:  sta     COLOR_RAM + BAR_ROW * SCREEN_COLUMNS + BAR_COL, x
        dex
        bpl     @cell
        ldx     @saved_x
        jmp     dict_yield
.pushseg
.segment "DATA"
@saved_x: .res 1
.popseg
.endproc

; RESTORE: ignored.
.proc nmi_ignore
        rti
.endproc

; One game against answer_buf, until won, lost or abandoned; a finished one (the statistics
; counted it) waits for RETURN (play again) or RUN/STOP (menu) under end_of_game's help.
; in: answer_buf, opt_hard, game_mode  out: C = 1 play again, C = 0 RUN/STOP (during the game
;     or after it)  clobbers: A X Y
.proc play_game
        jsr     screen_clear
        jsr     draw_panel
        jsr     board_reset
        lda     game_mode
        beq     @key
        jsr     daily_begin             ; the date's saved rows; finished: its result again
        bcc     @key
        tax
        beq     @lost_shown
        inx
        bne     @won_shown              ; not DAILY_ALL_OPEN
        lda     #MSG_ALL_OPEN           ; ten dailies half-played: this date waits
        jsr     board_message
        jmp     @over
@key:   jsr     type_row
        beq     @submit
        lda     board_row               ; RUN/STOP
        beq     @leave                  ; nothing typed in: nothing to keep
        lda     game_mode
        bne     @keep                   ; a daily game is kept: choosing its date resumes it
        jsr     give_up_asked           ; a random game is lost if left: ask first (issue 29)
        bcc     @key                    ; no: play on
        jsr     stats_add_loss
        jsr     persist_save
        jmp     @lost_shown             ; the word, then RETURN / STOP as after a loss
@keep:  jsr     persist_save
@leave: clc
        rts
@submit:
        jsr     board_accept_row        ; C = 0: refused, the reason on screen
        bcc     @key
        lda     opt_hard
        beq     :+
        jsr     board_hard_check
        bcc     @key                    ; the reason is on screen
:       jsr     score_guess
        jsr     board_submit_row
        php
        jsr     daily_save_row          ; a daily game's record (C: won)
        plp
        bcs     @won
        lda     board_row
        cmp     #ROWS
        bne     @key
        jsr     stats_add_loss
        jsr     sound_loss
        jsr     persist_save            ; written after each game
@lost_shown:
        jsr     board_show_answer
        jmp     @over
@won:   lda     board_row               ; guesses used, 1..6
        jsr     stats_add_win
        jsr     sound_win
        jsr     persist_save
@won_shown:
        lda     board_row
        clc
        adc     #<(MSG_WON1 - 1)         ; wrap-around: + guesses - 1
        jsr     board_message
@over:  jsr     stats_panel
        ldy     #HELP_ROW
        jsr     clear_panel_line
        jmp     end_of_game
.endproc

; give_up_asked: "GIVE UP? Y/N" on the message line until Y (give up) or N / RUN/STOP (play on,
; the message cleared).
; in: a game on screen  out: C = 1 give up, C = 0 play on  clobbers: A X Y
.proc give_up_asked
        lda     #MSG_GIVE_UP
        jsr     board_message
@key:   jsr     wait_key
        jsr     unshift_letter
        cmp     #$59                    ; Y (PETSCII: the charmap would make 'Y' a glyph)
        beq     @yes                    ; C = 1
        cmp     #$4E                    ; N
        beq     @no
        cmp     #PETSCII_STOP
        bne     @key
@no:    jsr     board_clear_messages
        clc
@yes:   rts
.endproc

; type_row: keys into the board's typing row (letters, DEL) until RETURN or RUN/STOP; each key
; clears the message lines first. Wordle's and Absurdle's boards read keys here.
; in: the board on screen  out: Z = 1 RETURN, Z = 0 RUN/STOP  clobbers: A X Y
.proc type_row
@key:   jsr     wait_key
        pha
        jsr     board_clear_messages
        pla
        cmp     #PETSCII_RETURN
        beq     @done                   ; Z = 1
        cmp     #PETSCII_STOP
        beq     @stop
        cmp     #PETSCII_DELETE
        bne     @letter
        jsr     board_delete
        jmp     @key
@letter:
        jsr     key_to_letter
        bcc     @key
        jsr     board_type_letter
        jmp     @key
@stop:  lda     #PETSCII_STOP           ; Z = 0
@done:  rts
.endproc

; end_of_game: the help lines of a finished game (Wordle's or Absurdle's), then its key.
; in: the game over on screen  out: C = 1 RETURN (play again), C = 0 RUN/STOP (menu)
; clobbers: A X Y
.proc end_of_game
        jsr     print_inline
        .byte   PANEL_COL, HELP_ROW, COLOR_LIGHT_GREY, "RETURN  PLAY AGAIN", 0
        jsr     print_inline
        .byte   PANEL_COL, HELP_ROW + 1, COLOR_LIGHT_GREY, "STOP    MENU      ", 0
        ldy     #HELP_ROW + 2
        jsr     clear_panel_line
@key:   jsr     wait_key
        cmp     #PETSCII_RETURN
        beq     @done                   ; C = 1
        cmp     #PETSCII_STOP
        bne     @key
        clc
@done:  rts
.endproc

; clear_panel_line: one line of the panel blank.
; in: Y = row  out: cursor after it  clobbers: A X Y
.proc clear_panel_line
        ldx     #PANEL_COL
        lda     #PANEL_WIDTH
        jmp     clear_span
.endproc

; The panel: title, mode (random, or daily and its date), hard mode, help (draw_play_help).
; in: game_mode, opt_hard  out: drawn  clobbers: A X Y
.proc draw_panel
        jsr     print_inline
        .byte   PANEL_COL, 1, COLOR_WHITE, "WORDLE64", 0
        lda     game_mode
        bne     @daily
        jsr     print_inline
        .byte   PANEL_COL, 3, COLOR_LIGHT_GREY, "RANDOM WORD", 0
        jmp     @hard
@daily: jsr     print_inline
        .byte   PANEL_COL, 3, COLOR_LIGHT_GREY, "DAILY ", 0
        jsr     menu_print_date
@hard:  lda     opt_hard
        beq     @help
        jsr     print_inline
        .byte   PANEL_COL, 4, COLOR_YELLOW, "HARD MODE", 0
@help:                                  ; fall through to draw_play_help
.endproc

; draw_play_help: the help lines while a guess is typed (Wordle's and Absurdle's panels).
; in: nothing  out: drawn  clobbers: A X Y
.proc draw_play_help
        jsr     print_inline
        .byte   PANEL_COL, HELP_ROW, COLOR_GREY, "RETURN  ENTER", 0
        jsr     print_inline
        .byte   PANEL_COL, HELP_ROW + 1, COLOR_GREY, "DEL     ERASE", 0
        jsr     print_inline
        .byte   PANEL_COL, HELP_ROW + 2, COLOR_GREY, "STOP    MENU", 0
        rts
.endproc
