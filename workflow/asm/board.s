; board.s — the game board: six rows of five 3x3 tiles, the on-screen keyboard with each
; letter's best-known state, the message lines and the hard-mode rule. It holds the state of
; the game in progress; main.s drives it from the keys.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

ROWS            = 6
LETTERS         = 5

; tile styles (tile_style)
STYLE_EMPTY     = 0             ; dim outline
STYLE_TYPED     = 1             ; bright outline, letter not yet submitted
STYLE_ABSENT    = 2             ; STYLE_ABSENT + mark: filled with the mark's background
KEY_UNKNOWN     = 0             ; key_state values: 0 unknown, else 1 + best mark seen

.segment "ZEROPAGE"
tile_style:     .res 1          ; style of the tile draw_tile draws
tile_code:      .res 1          ; screen code of the centre (letter + background)

.segment "DATA"
; board_guesses .. tile_y: what board_reset zeroes (one loop: keep them together)
board_guesses:  .res ROWS * LETTERS     ; letters 0..25 of every row typed so far
board_marks:    .res ROWS * LETTERS     ; marks 0..2 of every submitted row
board_row:      .res 1          ; row being typed, 0..5; 6 once all rows are used
board_col:      .res 1          ; letters typed in that row, 0..5
key_state:      .res 26         ; per letter: 0 unknown, 1 absent, 2 elsewhere, 3 right
message_shown:  .res 1          ; 1 while the message lines hold something, else 0
tile_y:         .res 1          ; tile row 0..5 being drawn
RESET_BYTES     = * - board_guesses
tile_x:         .res 1          ; tile column 0..4 being drawn
tile_line:      .res 1          ; draw_tile: screen row of the tile line being drawn
hard_need:      .res 1          ; board_hard_check: copies of a letter the guess must hold
reveal_quiet:   .byte   0       ; non-zero: rows appear at once, silently (replays, redraws)

.assert RESET_BYTES <= 128, error, "board_reset zeroes its state with one BPL loop"

.segment "RODATA"
; each key's screen offset from the keyboard's top row's start: row * SCREEN_COLUMNS + column
KR0             = 0             ; the keyboard's three rows: KEYS_ROW, + 2, + 4
KR1             = 2 * SCREEN_COLUMNS
KR2             = 4 * SCREEN_COLUMNS
key_offset:     .byte   KR1+22, KR2+32, KR2+28, KR1+26, KR0+25, KR1+28, KR1+30        ; A-G
                .byte   KR1+32, KR0+35, KR1+34, KR1+36, KR1+38, KR2+36, KR2+34        ; H-N
                .byte   KR0+37, KR0+39, KR0+21, KR0+27, KR1+24, KR0+29, KR0+33        ; O-U
                .byte   KR2+30, KR0+23, KR2+26, KR0+31, KR2+24                        ; V-Z
.assert KR2 + 39 < 256, error, "a key's offset must fit set_cursor's X"
outline:        .byte   GLYPH_BOX_TL, GLYPH_BOX_T, GLYPH_BOX_TR
                .byte   GLYPH_BOX_L,  GLYPH_SPACE, GLYPH_BOX_R
                .byte   GLYPH_BOX_BL, GLYPH_BOX_B, GLYPH_BOX_BR
style_bg:       .byte   BG_PLAIN, BG_PLAIN, BG_ABSENT, BG_ELSEWHERE, BG_RIGHT
style_frame:    .byte   COLOR_DIM, COLOR_LIGHT_GREY, COLOR_WHITE, COLOR_BLACK, COLOR_BLACK
style_letter:   .byte   COLOR_WHITE, COLOR_WHITE, COLOR_WHITE, COLOR_BLACK, COLOR_BLACK
; keys: unknown light grey on black; absent white on the absent tiles' dark grey (dark grey on
; black could not be read); elsewhere and right place black on their tile colours (the contrast
; of each, measured: games.json, scenario issue29_1_readable_keys)
key_bg:         .byte   BG_PLAIN, BG_ABSENT, BG_ELSEWHERE, BG_RIGHT
key_colour:     .byte   COLOR_LIGHT_GREY, COLOR_WHITE, COLOR_BLACK, COLOR_BLACK
row_offset:     .byte   0, 5, 10, 15, 20, 25

.segment "CODE"

; A new game: empty board and keyboard, drawn.
; in: nothing  out: state cleared, board and keyboard drawn  clobbers: A X Y
.proc board_reset
        lda     #0
        ldx     #RESET_BYTES - 1
@zero:  sta     board_guesses, x        ; rows, marks, row, column, keys, message, tile_y
        dex
        bpl     @zero
@rows:  jsr     board_draw_row
        inc     tile_y
        lda     tile_y
        cmp     #ROWS
        bne     @rows
        ; fall through
.endproc

; Draw all 26 keys in their states.
; in: key_state  out: keyboard drawn  clobbers: A X Y
.proc draw_keyboard
        ldx     #25
@key:   txa
        pha
        jsr     draw_key
        pla
        tax
        dex
        bpl     @key
        rts
.endproc

; Draw one key.
; in: X = letter 0..25  out: drawn  clobbers: A X Y
.proc draw_key
        ldy     key_state, x
        lda     key_colour, y
        sta     text_colour
        txa
        clc
        adc     #1                      ; letter -> glyph
        ora     key_bg, y
        sta     tile_code
        ldy     #KEYS_ROW
        lda     key_offset, x
        tax
        jsr     set_cursor              ; X past column 39 runs on into the rows below
        lda     tile_code
        jmp     put_char
.endproc

; Redraw board row tile_y from the state: submitted rows filled by their marks, the row being
; typed with outlined letters, later rows empty.
; in: tile_y = row 0..5  out: drawn  clobbers: A X Y
.proc board_draw_row
        inc     reveal_quiet            ; reveal_row's loop, at once and silent
        jsr     reveal_row
        dec     reveal_quiet
        rts
.endproc

; Redraw the tile at (tile_x, tile_y) from the state.
; in: tile_x 0..4, tile_y 0..5  out: drawn  clobbers: A X Y
.proc board_draw_tile
        ldx     tile_y
        lda     row_offset, x
        clc
        adc     tile_x
        tay                             ; index into board_guesses / board_marks
        cpx     board_row
        bcc     @submitted
        bne     @empty
        lda     tile_x
        cmp     board_col
        bcs     @empty
        lda     #STYLE_TYPED            ; C = 0 on both ways to @letter
        bne     @letter
@submitted:
        lda     board_marks, y
        adc     #STYLE_ABSENT
@letter:
        sta     tile_style
        lda     board_guesses, y
        adc     #1
        bne     draw_tile
@empty: lda     #STYLE_EMPTY
        sta     tile_style
        lda     #GLYPH_SPACE
        ; fall through
.endproc

; Draw the 3x3 tile at (tile_x, tile_y): column BOARD_COL + 4 * tile_x, row BOARD_ROW + 4 * tile_y.
; Outline styles: the outline pieces around the centre; filled styles: the mark's background in
; all nine cells. The centre holds the glyph on the style's background.
; in: A = centre glyph (letter 1..26 or GLYPH_SPACE), tile_style  out: drawn  clobbers: A X Y
.proc draw_tile
        ldy     tile_style
        ora     style_bg, y
        sta     tile_code
        lda     tile_y
        asl
        asl                             ; C = 0: tile_y <= 5
        adc     #BOARD_ROW
        sta     tile_line
        ldx     #0                      ; cell 0..8 of the tile
@line:  txa
        pha
        ldy     tile_line
        lda     tile_x
        asl
        asl                             ; C = 0: tile_x <= 4
        adc     #BOARD_COL
        tax
        jsr     set_cursor
        pla
        tax
@cell:  ldy     tile_style
        cpx     #4
        bne     @edge
        lda     style_letter, y
        sta     text_colour
        lda     tile_code               ; never 0: a letter or a space
        bne     @put
@edge:  lda     style_frame, y
        sta     text_colour
        lda     outline, x
        cpy     #STYLE_ABSENT
        bcc     @put
        lda     style_bg, y             ; filled: the mark's background
        ora     #GLYPH_SPACE
@put:   jsr     put_char                ; keeps X
        inx
        cpx     #3
        beq     @next
        cpx     #6
        beq     @next
        cpx     #9
        bne     @cell
@next:  inc     tile_line
        cpx     #9
        bne     @line
        rts
.endproc

; Type a letter into the current row.
; in: A = letter 0..25  out: C = 1 typed, C = 0 row full (or no row left)  clobbers: A X Y
.proc board_type_letter
        ldx     board_row
        cpx     #ROWS
        bcs     @full
        ldy     board_col
        cpy     #LETTERS
        bcs     @full
        pha
        tya                             ; C = 0 here
        adc     row_offset, x
        tax
        pla
        sta     board_guesses, x
        sty     tile_x
        inc     board_col
        jmp     redraw_current
@full:  clc
        rts
.endproc

; Remove the last typed letter of the current row.
; in: nothing  out: C = 1 removed, C = 0 nothing to remove  clobbers: A X Y
.proc board_delete
        lda     board_row
        cmp     #ROWS
        bcs     @none
        ldx     board_col
        beq     @none
        dex
        stx     board_col
        stx     tile_x
        jmp     redraw_current
@none:  clc
        rts
.endproc

; Redraw one tile of the row being typed.
; in: board_row, tile_x  out: drawn, C = 1  clobbers: A X Y
.proc redraw_current
        lda     board_row
        sta     tile_y
        jsr     board_draw_tile
        sec
        rts
.endproc

; Copy the current row's letters to guess_buf and word_buf.
; in: board_row < 6  out: guess_buf, word_buf  clobbers: A X Y
.proc copy_guess
        ldx     board_row
        lda     row_offset, x
        tax
        ldy     #0
@copy:  lda     board_guesses, x
        sta     guess_buf, y
        sta     word_buf, y
        inx
        iny
        cpy     #LETTERS
        bne     @copy
        rts
.endproc


; Record marks_buf as the marks of the current row, update the keyboard, redraw both, and move
; to the next row.
; in: marks_buf (from score_guess of this row)  out: board_row + 1, board_col = 0;
;     C = 1 when every mark is "right" (won)  clobbers: A X Y
.proc board_submit_row
        ldx     board_row
        stx     tile_y                  ; the row reveal_row draws
        lda     row_offset, x
        tax
        ldy     #0
        sty     @right
@mark:  lda     marks_buf, y
        sta     board_marks, x
        cmp     #2
        bne     :+
        inc     @right
:       sty     @index
        ldy     board_guesses, x
        clc
        adc     #1                      ; key state = mark + 1; keep the best one
        cmp     key_state, y
        bcc     :+
        sta     key_state, y
:       ldy     @index
        inx
        iny
        cpy     #LETTERS
        bne     @mark
        inc     board_row
        lda     #0
        sta     board_col
        jsr     reveal_row
        jsr     draw_keyboard
        lda     @right
        cmp     #LETTERS                ; C = 1 when all five are right
        rts
.pushseg
.segment "DATA"
@right: .res 1
@index: .res 1
.popseg
.endproc

; Draw a submitted row tile by tile, each with its mark's tone and anim_jiffies apart (the
; reveal animation: 0.1 s a tile), unless reveal_quiet (then any row, at once).
; in: tile_y = the row, its marks  out: drawn  clobbers: A X Y
.proc reveal_row
        lda     #0
        sta     tile_x
@tile:  jsr     board_draw_tile
        lda     reveal_quiet
        bne     @next
        lda     tile_style              ; a submitted tile: STYLE_ABSENT + its mark
        sec
        sbc     #STYLE_ABSENT
        jsr     sound_tile
        jsr     wait_tick
@next:  inc     tile_x
        lda     tile_x
        cmp     #LETTERS
        bne     @tile
        rts
.endproc

; Hard mode: the current row must keep every hint the previous row revealed — each right-place
; letter in its place, and at least as many copies of each revealed letter (right or elsewhere)
; as that row revealed. Checking only the previous row suffices: it obeyed the rows before it.
; in: board_row 1..5, the current row typed in full  out: C = 1 allowed; C = 0 refused with the
;     reason shown on the message lines  clobbers: A X Y
.proc board_hard_check
        ldx     board_row
        bne     @start
        sec                             ; the first row has nothing to keep
        rts
@start: lda     row_offset, x
        sta     @cur                    ; the current row's cells: the previous row's + LETTERS
        lda     row_offset - 1, x
        sta     @prev
        ; right-place letters first
        tax
        ldy     #1                      ; 1-based position for the message
@green: lda     board_marks, x
        cmp     #2
        bne     @next_green
        lda     board_guesses, x
        cmp     board_guesses + LETTERS, x
        beq     @next_green
        sta     @letter
        tya                             ; the position, kept on the stack
        pha
        lda     #MSG_HARD
        jsr     board_message
        jsr     print_inline
        .byte   PANEL_COL, MSG_ROW + 1, COLOR_TEXT, "LETTER ", 0
        pla
        ora     #GLYPH_DIGIT0
        jsr     put_char
        jsr     print_here
        .byte   COLOR_TEXT, " MUST BE ", 0
        jmp     @refuse
@next_green:
        inx
        iny
        cpy     #LETTERS + 1
        bne     @green
        ; then the counts of every revealed letter
        ldx     @prev
@letter_loop:
        lda     board_marks, x
        beq     @next_letter
        lda     board_guesses, x
        sta     @letter
        ; need = revealed copies in the previous row, have = copies in the current row
        lda     #0
        sta     hard_need
        sta     @have
        ldy     @prev
@count: lda     board_guesses, y
        cmp     @letter
        bne     :+
        lda     board_marks, y
        beq     :+
        inc     hard_need
:       lda     board_guesses + LETTERS, y
        cmp     @letter
        bne     :+
        inc     @have
:       iny
        cpy     @cur
        bne     @count
        lda     @have
        cmp     hard_need
        bcs     @next_letter
        lda     #MSG_HARD
        jsr     board_message
        jsr     print_inline
        .byte   PANEL_COL, MSG_ROW + 1, COLOR_TEXT, "MUST CONTAIN ", 0
        lda     hard_need               ; two or more: say how many (issue 15, fault 5)
        cmp     #2
        bcc     @refuse
        ora     #GLYPH_DIGIT0
        jsr     put_char
        lda     #GLYPH_SPACE
        jsr     put_char
        jsr     @put_letter
        jsr     print_here
        .byte   COLOR_TEXT, $27, "S", 0 ; "E'S"
        clc
        rts
@next_letter:
        inx
        cpx     @cur
        bne     @letter_loop
        sec
        rts
@refuse:
        jsr     @put_letter
        clc
        rts
@put_letter:
        lda     @letter
        clc
        adc     #1
        jmp     put_char
.pushseg
.segment "DATA"
@prev:  .res 1
@cur:   .res 1
@letter: .res 1
@have:  .res 1
.popseg
.endproc

; Clear both message lines (nothing to do unless a message is showing).
; in: nothing  out: cleared  clobbers: A X Y
.proc board_clear_messages
        lsr     message_shown           ; 1 -> 0, C = 1: a message to clear
        bcs     :+
        rts
:       ; fall through
.endproc

; Blank both message lines, whatever they hold (a message or Absurdle's progress mark).
; in: nothing  out: blank  clobbers: A X Y
.proc board_blank_messages
        ldx     #PANEL_COL
        ldy     #MSG_ROW
        lda     #PANEL_WIDTH
        jsr     clear_span
        ldx     #PANEL_COL
        ldy     #MSG_ROW + 1
        lda     #PANEL_WIDTH
        jmp     clear_span
.endproc

; The typed row, checked as a guess must be: five letters, in the word list.
; in: board_col, the current row  out: C = 1 accepted (copy_guess done: guess_buf and word_buf);
;     C = 0 refused, the reason on screen  clobbers: A X Y
.proc board_accept_row
        lda     board_col
        cmp     #LETTERS
        beq     :+
        lda     #MSG_SHORT
        bne     @refuse
:       jsr     copy_guess
        jsr     dict_check              ; (the table may still be unpacking)
        bcs     @done
        lda     #MSG_UNKNOWN
@refuse:
        jsr     board_message
        clc
@done:  rts
.endproc

; Show message A (MSG_*) on the first message line, clearing both lines first.
; in: A = message number  out: shown  clobbers: A X Y
.proc board_message
        pha
        jsr     board_blank_messages    ; clear both lines, whatever showed before
        lda     #1
        sta     message_shown
        ldx     #PANEL_COL
        ldy     #MSG_ROW
        jsr     set_cursor
        pla
        tax
        lda     message_colour, x
        sta     text_colour
        lda     #<(messages - 1)
        ldy     #>(messages - 1)
        jsr     str_pick
        jmp     print_str
.endproc

; After a loss: "THE WORD WAS" and the answer in right-place tiles on the second line.
; in: answer_buf  out: shown  clobbers: A X Y
.proc board_show_answer
        lda     #MSG_ANSWER
        jsr     board_message
        ldx     #PANEL_COL
        ldy     #MSG_ROW + 1
        jsr     set_cursor
        lda     #COLOR_BLACK
        sta     text_colour
        ldx     #0
@letter:
        lda     answer_buf, x
        clc
        adc     #BG_RIGHT + 1           ; letter -> glyph, on the right-place background
        jsr     put_char
        inx
        cpx     #LETTERS
        bne     @letter
        rts
.endproc

; ---- messages ---------------------------------------------------------------------------------
.segment "RODATA"
message_colour: .byte   COLOR_LIGHT_GREEN
                .byte   COLOR_LIGHT_GREEN, COLOR_LIGHT_GREEN, COLOR_LIGHT_GREEN
                .byte   COLOR_LIGHT_GREEN, COLOR_LIGHT_GREEN, COLOR_LIGHT_GREEN
                .byte   COLOR_YELLOW, COLOR_YELLOW, COLOR_YELLOW, COLOR_LIGHT_RED, COLOR_YELLOW
                .byte   COLOR_YELLOW
messages:                               ; in MSG_* order (str_pick counts them)
                .byte   "SOLVED BEFORE", 0      ; MSG_WON_BEFORE
                .byte   "GENIUS!", 0            ; MSG_WON1
                .byte   "MAGNIFICENT!", 0
                .byte   "IMPRESSIVE!", 0
                .byte   "SPLENDID!", 0
                .byte   "GREAT!", 0
                .byte   "PHEW!", 0
                .byte   "NOT ENOUGH LETTERS", 0 ; MSG_SHORT
                .byte   "NOT IN WORD LIST", 0   ; MSG_UNKNOWN
                .byte   "HARD MODE:", 0         ; MSG_HARD
                .byte   "THE WORD WAS", 0       ; MSG_ANSWER
                .byte   "GIVE UP? Y/N", 0       ; MSG_GIVE_UP
                .byte   "TOO MANY UNFINISHED", 0        ; MSG_ALL_OPEN
                .assert message_colour + MSG_ALL_OPEN + 1 = messages, error, "a colour a message"
