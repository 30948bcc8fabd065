; screen.s — the text screen: VIC set-up (our charset, extended background colour mode), the
; palettes, clearing, a cursor into screen + colour RAM, inline strings and decimal numbers.
; Nothing here calls the KERNAL screen editor: we write screen and colour RAM directly.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

.segment "ZEROPAGE"
scr_ptr:        .res 2          ; screen RAM address of the cursor
col_ptr:        .res 2          ; colour RAM address of the cursor (same offset as scr_ptr)
str_ptr:        .res 2          ; one byte before the next string byte to print
text_colour:    .res 1          ; colour put_char writes (0..15)
num:            .res 3          ; 24-bit little-endian scratch number (print_u16, stats ratio)

.segment "RODATA"

; tile backgrounds per palette: right place, elsewhere, absent ($D022-$D024). Colour-blind:
; cyan against yellow is a blue-yellow pair (kept apart by red-green colour blindness), and
; cyan against dark grey is 3.5:1 in luminance with Pepto's palette (tests/test_game.py);
; letters on right-place and elsewhere tiles are black in both palettes (5.3:1 on green).
; Only the right-place colour differs: normal, colour-blind.
palette_right:  .byte   COLOR_GREEN, COLOR_CYAN
PALETTE_ELSEWHERE = COLOR_YELLOW
PALETTE_ABSENT  = COLOR_DARK_GREY

.segment "CODE"

.assert (SCREEN & $03FF) = 0, error, "screen must be 1 KB aligned"
.assert <SCREEN = <COLOR_RAM, error, "screen and colour RAM must share low address bytes"
.assert (charset & $07FF) = 0, lderror, "charset must be 2 KB aligned"
.assert charset >= $2000 && charset < $4000, lderror, "charset must be in VIC bank 0 above $2000"

.segment "INIT"                         ; start-up only (dict.s: the table reuses it later)

; Point the VIC at our charset, switch on ECM, black screen, no case switch, no cursor blink.
; in: nothing  out: screen cleared  clobbers: A X Y
.proc screen_init
        lda     #$80
        sta     KEYB_SHIFT_MODE         ; SHIFT + C= would point the VIC at the other ROM half
        sta     CURSOR_BLINK
        lda     #<(((SCREEN >> 6) & $F0) | ((charset >> 10) & $0E))
        sta     VIC_MEMORY
        lda     VIC_CTRL1
        and     #$7F                    ; keep bit 7 (raster compare) clear: we write it
        ora     #VIC_CTRL1_ECM
        sta     VIC_CTRL1
        lda     #COLOR_BLACK
        sta     VIC_BORDER
        sta     VIC_BACKGROUND
        jsr     palette_apply
        jmp     screen_clear
.endproc

.segment "CODE"

; Fill the screen with plain spaces, colour RAM with the text colour.
; in: nothing  out: screen blank  clobbers: A X
.proc screen_clear
        ldx     #250
@fill:  lda     #GLYPH_SPACE
        sta     SCREEN - 1, x
        sta     SCREEN + 249, x
        sta     SCREEN + 499, x
        sta     SCREEN + 749, x
        lda     #COLOR_TEXT
        sta     COLOR_RAM - 1, x
        sta     COLOR_RAM + 249, x
        sta     COLOR_RAM + 499, x
        sta     COLOR_RAM + 749, x
        dex
        bne     @fill
        rts
.endproc

; Set the tile backgrounds from opt_colour_blind (0 normal, 1 colour-blind).
; in: nothing  out: $D022-$D024 set  clobbers: A X Y
.proc palette_apply
        ldx     opt_colour_blind
        lda     palette_right, x
        sta     VIC_BG1
        lda     #PALETTE_ELSEWHERE
        sta     VIC_BG2
        lda     #PALETTE_ABSENT
        sta     VIC_BG3
        rts
.endproc

; Move the cursor.
; in: X = column 0..39 (up to 255: on into the following rows), Y = row 0..24
; out: scr_ptr, col_ptr  clobbers: A
.proc set_cursor
        lda     #0                      ; scr_ptr = SCREEN + 40 * row + column
        sta     scr_ptr + 1
        sty     scr_ptr
        tya
        asl
        asl                             ; C = 0: row <= 24
        adc     scr_ptr                 ; row * 5 (<= 120, C = 0)
        asl
        asl
        rol     scr_ptr + 1
        asl
        rol     scr_ptr + 1             ; row * 40, C = 0
        stx     col_ptr                 ; (scratch: the column)
        adc     col_ptr
        sta     scr_ptr
        sta     col_ptr
        lda     scr_ptr + 1
        adc     #>SCREEN                ; (SCREEN is 1 KB aligned)
        sta     scr_ptr + 1
        adc     #>(COLOR_RAM - SCREEN)
        sta     col_ptr + 1
        rts
.endproc

; Write one screen code at the cursor in text_colour and advance the cursor.
; in: A = screen code  out: cursor + 1  clobbers: A Y
.proc put_char
        ldy     #0
        sta     (scr_ptr), y
        lda     text_colour
        sta     (col_ptr), y
        inc     scr_ptr
        inc     col_ptr
        bne     :+
        inc     scr_ptr + 1
        inc     col_ptr + 1
:       rts
.endproc

; Advance str_ptr and read the byte it then points at.
; in: str_ptr  out: A = byte, Z = (A = 0)  clobbers: Y
.proc str_next
        inc     str_ptr
        bne     :+
        inc     str_ptr + 1
:       ldy     #0
        lda     (str_ptr), y
        rts
.endproc

; Print the string after the JSR: .byte column, row, colour, "TEXT", 0; returns past it.
; in: inline data  out: cursor after the text  clobbers: A X Y
.proc print_inline
        sec                             ; C = 1: the text starts with its column and row
        .byte   $24                     ; BIT zp: skips the CLC
        ; fall through
.endproc

; Print the string after the JSR at the cursor: .byte colour, "TEXT", 0; returns past it.
; in: inline data, cursor  out: cursor after the text  clobbers: A Y
.proc print_here
        clc
        pla
        sta     str_ptr
        pla
        sta     str_ptr + 1
        bcc     @colour
        jsr     str_next                ; print_inline: column and row
        tax
        jsr     str_next
        tay
        jsr     set_cursor
@colour:
        jsr     str_next
        sta     text_colour
        jsr     print_str
        lda     str_ptr + 1
        pha
        lda     str_ptr
        pha
        rts                             ; str_ptr is at the 0: RTS resumes after it
.endproc

; Point str_ptr at string X of a list of 0-terminated strings, ready for print_str.
; in: A/Y = the list's address - 1 (lo/hi), X = string number 0..127  out: str_ptr
; clobbers: A X Y
.proc str_pick
        sta     str_ptr
        sty     str_ptr + 1
@skip:  dex
        bmi     @done
@char:  jsr     str_next                ; past string X's predecessors, one by one
        bne     @char
        beq     @skip
@done:  rts
.endproc

; Print a 0-terminated string at the cursor in text_colour.
; in: str_ptr = address of the text - 1  out: str_ptr at the terminator  clobbers: A Y
.proc print_str
@next:  jsr     str_next
        beq     @done
        jsr     put_char
        jmp     @next
@done:  rts
.endproc

; Print num (16 bits) in decimal without leading zeros at the cursor in text_colour.
; in: num, num+1  out: num = 0  clobbers: A X Y
.proc print_u16
        lda     #0
        sta     num + 2                 ; digits on the stack
@div:   lda     #0                      ; num = num div 10, A = num mod 10
        ldx     #16
@bit:   asl     num
        rol     num + 1
        rol     a                       ; remainder < 10: 2 * remainder + 1 < 256
        cmp     #10
        bcc     :+
        sbc     #10
        inc     num
:       dex
        bne     @bit
        pha                             ; the digits come out last first
        inc     num + 2
        lda     num
        ora     num + 1
        bne     @div
@digit: pla
        ora     #GLYPH_DIGIT0
        jsr     put_char
        dec     num + 2
        bne     @digit
        rts
.endproc

; Write A plain spaces from the cursor (clears a span of a line).
; in: X = column, Y = row, A = count 1..255  out: cursor after the span  clobbers: A X Y
.proc clear_span
        pha
        jsr     set_cursor
        pla
        tax
@loop:  lda     #GLYPH_SPACE
        jsr     put_char
        dex
        bne     @loop
        rts
.endproc
