; depack.s — start-up: unpack the game image the build stored compressed (wordle64/lz.py has
; the format and the packer), run by the BASIC stub before main.
;
; The linked image — CODE, RODATA, DATA and the charset's load image, from __CODE_LOAD__ to
; __BLOB_LOAD__ — and the start-up code of segment INIT (after the blob) are stored in the PRG
; as one LZ stream of two parts, depack_packed_bytes bytes, the dictionary blob right after it,
; plain (wordle64.build patches depack_packed_bytes; 0 = stored plain, as in the tests' links,
; and depack returns at once). depack restores exactly the memory a plain PRG would have
; loaded, so nothing after it knows the difference:
;   1. the blob is moved up from the end of the stream to __BLOB_LOAD__ (copied from its end;
;      the stream, shorter than the image, lies below),
;   2. the stream is copied above INIT's place (to the end of INIT),
;   3. the stream is decoded forwards into __CODE_LOAD__ .. __BLOB_LOAD__, then INIT's place,
;      up to the stream's end marker.
; This code sits in the DEPACK segment, before CODE, so decoding never overwrites it. The
; format (one-byte short offsets, two long classes, a one-bit repeat of the last offset) packs
; the game's code smaller than the one before it (256-byte short offsets, one 12-bit long
; class, 2-bit repeats, Elias gamma lengths); the sizes of a build are in
; results/build/layout.json (docs/build.md).
;
; The fast disk's loader (fastload/boot.s) makes both moves needless: it stores the stream in
; its copy and the blob in its place as they arrive (stream.inc), then calls depack_stream,
; which decodes while the rest arrives: between tokens lz_decode takes a block whenever the
; drive has one ready, and waits for one when the stream stored so far runs out.

.include "c64.inc"
.include "stream.inc"

.import __CODE_LOAD__, __BLOB_LOAD__, __INIT_LOAD__, __INIT_SIZE__

.export depack, depack_packed_bytes, depack_move_up
.export depack_spare := STREAM_ENTRY    ; free once main runs: dict.s keeps the blob's
                                        ; checkpoint trailer there (up to depack_move_up)
.exportzp lz_src, lz_dst, lz_copy

image_start     = __CODE_LOAD__
image_end       = __BLOB_LOAD__
tail_end        = __INIT_LOAD__ + __INIT_SIZE__   ; the blob (plain) and INIT follow the image
stream_copy     = tail_end              ; where the stream is decoded from
LONG_HIGH_BITS_0 = 3                    ; long offsets, class 0: 3 + 7 bits from 128
LONG_BASE_0     = 128
LONG_HIGH_BITS_1 = 5                    ; class 1: 5 + 7 bits from 1,152
LONG_BASE_1     = LONG_BASE_0 + (1 << (LONG_HIGH_BITS_0 + 7))
.assert LONG_BASE_1 = 1152, error, "lz.py's format: the second long class starts at offset 1,153"

; GET_BIT: the next bit of the stream into C, inline (no JSR/RTS, 12 cycles, on every one of
; the stream's bits); refills from (lz_in) with Y = 0.  clobbers: A (on a refill)
.macro GET_BIT
        asl     lz_bits
        bne     :+
        jsr     refill_bits
:
.endmacro

.segment "ZEROPAGE"

lz_src:         .res 2                  ; depack_move_up's source; decoding: lz_out
lz_dst:         .res 2                  ; depack_move_up's destination; decoding: lz_in
lz_copy:        .res 2                  ; depack_move_up's size; decoding: a match's source,
                                        ; lz_out - offset
lz_bits:        .res 1                  ; bit buffer, MSB next, a marker 1 below the last bit
lz_value:       .res 1                  ; a match's length code (see @gamma)
lz_offset:      .res 2                  ; the last match's offset - 1 (a repeat reuses it)

lz_in           = lz_dst                ; the stream's next byte (its copy's destination)
lz_out          = lz_src                ; the next output byte (from the copy's source,
                                        ; image_start)

.segment "DEPACK"

depack_packed_bytes:
.assert * = DEPACK_PACKED, lderror, "stream.inc: DEPACK_PACKED moved"
        .word   0                       ; patched by wordle64.build
.assert * = STREAM_ENTRY, lderror, "stream.inc: STREAM_ENTRY must follow depack_packed_bytes"
        jmp     depack_stream
.assert * = STREAM_HEADER, lderror, "stream.inc: STREAM_HEADER must follow STREAM_ENTRY"
        .addr   image_start, stream_copy, image_end
never_ready:
        .byte   $80                     ; lz_decode's poll when not streaming: bit 7 set

; depack: restore the plain image (see the banner); returns at once when stored plain.
; in: the PRG as loaded  out: memory as the plain PRG would load it (the stream's copy above
; INIT is left behind); $01 = $36 (BASIC ROM out, as dict_relocate sets it: the stream's
; copy may reach $A000)  clobbers: A X Y, LOADER_LIMIT (free under BASIC)
.proc depack
        lda     depack_packed_bytes
        ora     depack_packed_bytes+1
        bne     @copy_stream
        rts
@copy_stream:                           ; 1. the blob, from image_start + packed up to
        lda     #$FF                    ; image_end, highest byte first (all of the stream
        sta     LOADER_LIMIT            ; will be in its copy)
        lda     #PORT_NO_BASIC
        sta     CPU_PORT
        lda     #<image_start
        clc
        adc     depack_packed_bytes
        sta     lz_src
        lda     #>image_start
        adc     depack_packed_bytes+1
        sta     lz_src+1
        lda     #<image_end
        sta     lz_dst
        lda     #>image_end
        sta     lz_dst+1
        lda     #<(__INIT_LOAD__ - image_end)   ; the blob
        sta     lz_copy
        lda     #>(__INIT_LOAD__ - image_end)
        sta     lz_copy+1
        jsr     depack_move_up
        lda     #<image_start           ; 2. the stream up above INIT's place (the moved
        sta     lz_src                  ; blob lies between: the ranges are disjoint)
        lda     #>image_start
        sta     lz_src+1
        lda     #<stream_copy
        sta     lz_dst
        lda     #>stream_copy
        sta     lz_dst+1
        lda     depack_packed_bytes
        sta     lz_copy
        lda     depack_packed_bytes+1
        sta     lz_copy+1
        jsr     depack_move_up          ; (it keeps lz_in = lz_dst = stream_copy and
                                        ; lz_out = lz_src = image_start: 3. decode)
        jmp     lz_decode
.endproc

; lz_decode: depack's step 3, the stream decoded forwards (see the banner). Between tokens it
; polls the bus for a block and stops at LOADER_LIMIT: inert unless depack_stream set them.
; in: lz_in = stream_copy, lz_out = image_start, LOADER_LIMIT  out: the image and INIT
; clobbers: A X Y
.proc lz_decode
        lda     #$80                    ; empty: the first bit refills
        sta     lz_bits
        ldy     #0                      ; Y = 0 between tokens (GET_BIT reads with it),
        sty     lz_offset               ; X = 0 after a match, else a literal came last;
        sty     lz_offset+1             ; offset 1 before the first match
        beq     token                   ; (always)
more:   txa                             ; (X says what came last)
        pha
more_blocks:
        jsr     $FFFF                   ; depack_stream: the loader's next_block
        pla
        tax
        ldy     #0
token:
poll:   bit     never_ready             ; depack_stream: CIA2_PRA: bit 7 = DATA, 0 = a block
        bpl     more                    ; waits in the drive
        lda     lz_in+1
        cmp     LOADER_LIMIT
        bcs     more
        GET_BIT
        bcs     @match
        lda     (lz_in),y              ; a literal
        sta     (lz_out),y
        ldx     #1
        inc     lz_in
        bne     :+
        inc     lz_in+1
:       inc     lz_out
        bne     @check
        inc     lz_out+1
@check: lda     lz_out                  ; the image's end? INIT's part follows (the
        cmp     #<image_end             ; stream's end marker ends INIT's)
        bne     token
        lda     lz_out+1
        cmp     #>image_end
        bne     token
        lda     #<__INIT_LOAD__
        sta     lz_out
        lda     #>__INIT_LOAD__
        sta     lz_out+1
        bne     token                  ; (always: INIT lies above $0100)

@match: txa                             ; after a literal: one more bit, 1 = repeat (X = 1)
        beq     @new
        GET_BIT
        bcs     @from
@new:   sty     lz_offset+1             ; a new offset: the next byte, bit 7 = long
        lda     (lz_in),y
        inc     lz_in
        bne     :+
        inc     lz_in+1
:       asl     a                       ; its low 7 bits, shifted up one
        sta     lz_offset
        bcs     @long
        lsr     lz_offset               ; short: offset - 1 = the byte
        ldx     #0                      ; (X = 0: a new offset)
        beq     @from                   ; (always)
@long:  GET_BIT                         ; the class: 0 = 3 high bits from 128, 1 = 5 from 1,152
        ldx     #LONG_HIGH_BITS_0
        lda     #LONG_BASE_0 >> 7
        bcc     :+
        ldx     #LONG_HIGH_BITS_1
        lda     #LONG_BASE_1 >> 7
:       sta     lz_value                ; (the base, in 128s, until @from)
@high:  GET_BIT
        rol     lz_offset+1
        dex
        bne     @high                   ; (X = 0: a new offset)
        lda     lz_offset+1             ; offset - 1 = (high + base) * 128 + low 7 bits
        adc     lz_value                ; (C = 0: rol shifted out a 0)
        lsr     a
        sta     lz_offset+1
        ror     lz_offset
@from:  lda     lz_out                  ; copy = dst - (offset - 1) - 1 (carry clear)
        clc
        sbc     lz_offset
        sta     lz_copy
        lda     lz_out+1
        sbc     lz_offset+1
        sta     lz_copy+1
        lda     #1                      ; the length code: a new offset's length - 1, a
        sta     lz_value                ; repeat's length; "0" = 1
        GET_BIT
        bcc     @copy
        GET_BIT                         ; "1 0" = 2
        bcc     @plus1
@gamma: GET_BIT                         ; "1 1" and an interlaced Elias gamma code g: g + 2
        bcc     @plus2
        GET_BIT
        rol     lz_value
        bcc     @gamma
        rts                             ; g = 256: the end marker
@plus2: inc     lz_value
@plus1: inc     lz_value
@copy:  txa                             ; a new offset: one byte more than the value
        bne     @copy_value
        lda     (lz_copy),y
        sta     (lz_out),y
        iny
@copy_value:
        ldx     lz_value                ; value bytes, forwards (a run may overlap its own
@next:  lda     (lz_copy),y             ; output)
        sta     (lz_out),y
        iny
        dex
        bne     @next
        tya                             ; dst += length
        clc
        adc     lz_out
        sta     lz_out
        bcc     :+
        inc     lz_out+1
:       ldy     #0                      ; (X = 0: a match came last)
        jmp     @check
.endproc

; depack_stream: depack for the fast loader, while the rest of the file arrives (see the banner
; and stream.inc).
; in: X/Y = the loader's next_block; the stream stored from stream_copy on, the blob in its
;     place, as far as they came; LOADER_LIMIT  out: memory as depack leaves it;
;     depack_packed_bytes = 0, so that the BASIC stub's depack returns at once  clobbers: A X Y
.proc depack_stream
        lda     depack_packed_bytes
        ora     depack_packed_bytes+1
        beq     @done                   ; stored plain: nothing to unpack
        stx     lz_decode::more_blocks+1
        sty     lz_decode::more_blocks+2
        lda     #<CIA2_PRA              ; lz_decode polls the bus
        sta     lz_decode::poll+1
        lda     #>CIA2_PRA
        sta     lz_decode::poll+2
        lda     #PORT_NO_BASIC
        sta     CPU_PORT
        lda     #<stream_copy
        sta     lz_in
        lda     #>stream_copy
        sta     lz_in+1
        lda     #<image_start
        sta     lz_out
        lda     #>image_start
        sta     lz_out+1
        jsr     lz_decode
        lda     #0
        sta     depack_packed_bytes
        sta     depack_packed_bytes+1
@done:  rts
.endproc

; refill_bits: GET_BIT's slow path: the bit buffer ran dry; the next stream byte refills it.
; in: Y = 0  out: C = the byte's top bit, lz_bits = the rest + marker  clobbers: A
.proc refill_bits
        lda     (lz_in),y
        inc     lz_in
        bne     :+
        inc     lz_in+1
:       sec
        rol     a
        sta     lz_bits
        rts
.endproc

; depack_move_up: copy lz_copy bytes (1..65535) from lz_src to lz_dst, highest byte first, so
; the destination may overlap the source from above (dict.s moves the blob with it too). The
; partial page at the top first, then whole pages downwards; self-modifying absolute,Y copies
; instead of (zp),Y (fewer cycles a byte, and no pointer in zero page).
; in: lz_src, lz_dst, lz_copy  out: copied  clobbers: A X Y (lz_src, lz_dst, lz_copy kept)
.proc depack_move_up
        lda     lz_src                  ; the operands: source / destination + (size & $FF00)
        sta     @load + 1
        sta     @load0 + 1
        lda     lz_dst
        sta     @store + 1
        sta     @store0 + 1
        lda     lz_src+1
        clc
        adc     lz_copy+1
        sta     @load + 2
        sta     @load0 + 2
        lda     lz_dst+1
        clc
        adc     lz_copy+1
        sta     @store + 2
        sta     @store0 + 2
        ldx     lz_copy+1               ; whole pages below the partial one
        ldy     lz_copy                 ; bytes in the partial page (0: none)
        beq     @next
@chunk: dey                             ; Y bytes (0: 256): offsets Y - 1 .. 1, then 0
        beq     @last
@byte:
@load:  lda     a:$0000,y
@store: sta     a:$0000,y
        dey
        bne     @byte
@last:
@load0: lda     a:$0000
@store0:
        sta     a:$0000
@next:  txa
        beq     @done
        dex
        dec     @load + 2
        dec     @store + 2
        dec     @load0 + 2
        dec     @store0 + 2
        ldy     #0                      ; a whole page
        beq     @chunk                  ; (always)
@done:  rts
.endproc

.assert stream_copy >= image_end, lderror, "the stream copy must lie above the image"
STREAM_BLOCKS_END = $0801 + 252 + 254 * (STREAM_AFTER_BLOCKS - 1)   ; (the load address first)
.assert __CODE_LOAD__ <= STREAM_BLOCKS_END, lderror, "the depacker outgrew STREAM_AFTER_BLOCKS"
.assert >__INIT_LOAD__ < >stream_copy, lderror, "boot.s's route: blob below copy's page"
