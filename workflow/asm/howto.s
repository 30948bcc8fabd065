; howto.s — the how-to-play page (menu item 8, issue 29 item 8): the rule in two lines, an
; example row in the board's own tiles with one tile of each mark, and the legend under it.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

EXAMPLE_ROW     = 2             ; the example's tile row (screen rows 9-11: board.s draw_tile)
LEGEND_ROW      = 13

.segment "RODATA"
; the example: C right place, R elsewhere, A N E absent (tile styles: board.s STYLE_ABSENT + mark)
example_letter: .byte   'C', 'R', 'A', 'N', 'E'
example_style:  .byte   4, 3, 2, 2, 2

.segment "CODE"

; The page; returns after a key.
; in: nothing  out: screen cleared, key consumed  clobbers: A X Y
.proc how_to_play
        jsr     screen_clear
        jsr     print_inline
        .byte   14, 1, COLOR_WHITE, "HOW TO PLAY", 0
        ldy     #4
        jsr     print_tagline
        jsr     print_inline
        .byte   6, 7, COLOR_LIGHT_GREY, "TYPE A WORD, THEN RETURN:", 0
        lda     #EXAMPLE_ROW
        sta     tile_y
        ldx     #4
@tile:  stx     tile_x
        lda     example_style, x
        sta     tile_style
        lda     example_letter, x
        jsr     draw_tile
        ldx     tile_x
        dex
        bpl     @tile
        ldy     #LEGEND_ROW
        jsr     draw_legend
        jsr     print_inline
        .byte   13, 24, COLOR_GREY, "PRESS ANY KEY", 0
        jmp     wait_key
.endproc
