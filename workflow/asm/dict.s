; dict.s — where the dictionary lives, and start-up: blob -> table, index and answer index.
;
; The blob (results/dict/blob.bin) is the last thing in the PRG, right after the charset's load
; image (no alignment padding in the file). dict_relocate switches BASIC out, moves the blob up
; so it ends on a page, DICT_WORK_BYTES below __DICT_END__, then copies the charset to its run
; address (CHARRAM in wordle64.cfg, 2 KB aligned for the VIC), which lies in the RAM the blob
; was loaded into. dict_init then unpacks the blob forwards with dict_unpack_in_place, whose
; decode tables fill [blob end, blob end + DICT_WORK_BYTES) (the build passes DICT_WORK_BYTES =
; pack.ctxhuff_work_bytes(blob) to ca65): dict_index and dict_answer_index go into the gap
; between the PRG and the charset when they fit (else after the charset), dict_lookup_index
; (lookup.s) after them there if it fits too (else after the charset), dict_table after all.
; The build checks that the table never catches up with the blob's read pointer
; (wordle64.build.check_fit).

.include "globals.inc"
.include "c64.inc"

.import __BLOB_LOAD__, __BLOB_SIZE__, __DICT_END__
.import __CHARSET_LOAD__, __CHARSET_RUN__, __CHARSET_SIZE__
.import depack_move_up                  ; depack.s: copies a block up, highest byte first
.importzp lz_src, lz_dst, lz_copy

.ifndef DICT_WORK_BYTES
        .error "DICT_WORK_BYTES undefined: ca65 -D DICT_WORK_BYTES=<pack.ctxhuff_work_bytes(blob)>"
.endif

PREFIXES        = 676                   ; two-letter prefixes AA..ZZ
INDEX_BYTES     = (PREFIXES + 1) * 2    ; 677 cumulative 16-bit counts
BOTH_INDEXES    = 2 * INDEX_BYTES

charset_end       = __CHARSET_RUN__ + __CHARSET_SIZE__
indexes_below     = (__BLOB_LOAD__ + BOTH_INDEXES <= __CHARSET_RUN__) ; 1: fit below the charset
lookup_below      = (__BLOB_LOAD__ + BOTH_INDEXES + INDEX_BYTES <= __CHARSET_RUN__)
                                        ; 1: the lookup index fits there too
dict_index        = indexes_below * __BLOB_LOAD__ + (1 - indexes_below) * charset_end
                                        ; words in prefixes before p (the unpacker writes it)
dict_answer_index = dict_index + INDEX_BYTES    ; answers in prefixes before p (built here)
after_charset     = charset_end + (1 - indexes_below) * BOTH_INDEXES   ; first byte after them
lookup_gap        = dict_answer_index + INDEX_BYTES                   ; its place below
dict_lookup_index = lookup_below * lookup_gap + (1 - lookup_below) * after_charset
                                        ; where group p's entries start - 256 (lookup.s)
dict_table        = after_charset + (1 - lookup_below) * INDEX_BYTES
                                        ; 676 count bytes, then 2 bytes per word
blob_top          = (__DICT_END__ - DICT_WORK_BYTES) & $FF00
                                        ; the moved blob's end = the decoder's work area
blob_moved        = blob_top - __BLOB_SIZE__  ; where the blob sits while it is unpacked
entries           = dict_table + PREFIXES

.assert __CHARSET_LOAD__ <= __CHARSET_RUN__, lderror, "code and data reach CHARRAM (the charset)"
.assert blob_moved >= charset_end, lderror, "the blob is too large to move above the charset"
.assert blob_moved >= __BLOB_LOAD__, lderror, "the blob must move up (move_blob_up)"

.export dict_blob_moved = blob_moved    ; for the build's in-place check and the validation

.segment "ZEROPAGE"

entry_ptr:      .res 2                  ; walks the table entries (with Y as byte offset)
count_ptr:      .res 2                  ; walks dict_index
answer_ptr:     .res 2                  ; walks dict_answer_index
group_left:     .res 2                  ; entries left in the current prefix group
answers:        .res 2                  ; answers counted so far / answer number sought
letter1:        .res 1                  ; first letter of the current prefix (0..25)
letter2:        .res 1                  ; second letter of the current prefix (0..25)

.segment "BSS"

dict_word_count:    .res 2              ; words in the dictionary (16-bit LE)
dict_answer_count:  .res 2              ; answers among them (16-bit LE)

.segment "DATA"

relocated:      .byte 0                 ; 1 once dict_relocate has run (the blob moves once)

.segment "CHARSET"                      ; (nothing here: makes __CHARSET_*__ exist without one)

.segment "BLOB"

blob:   .incbin "blob.bin"

.segment "CODE"

; dict_relocate: the first thing to do: BASIC ROM out, blob up to blob_top, charset to its
; run address (the VIC shows garbage glyphs until this has run). Runs once; later calls return.
; in:  nothing (the PRG as loaded)
; out: $01 = $36; blob at blob_moved; charset at __CHARSET_RUN__
; clobbers: A X Y
.proc dict_relocate
        lda     relocated
        bne     @done
        lda     #PORT_NO_BASIC
        sta     CPU_PORT
        jsr     move_blob_up
        jsr     copy_charset
        inc     relocated
@done:  rts
.endproc

; dict_init: makes the dictionary ready for dict_lookup and dict_answer_word (relocating first
; if dict_relocate has not run). Call it before anything uses the RAM above the PRG; it runs
; once (the blob is consumed).
; in:  nothing (the blob as loaded)
; out: as dict_relocate; dict_index, dict_answer_index, dict_table, dict_word_count and
;      dict_answer_count set
; clobbers: A X Y; calls unpack_progress_hook through dict_unpack_in_place
.proc dict_init
        jsr     dict_relocate
        lda     #<blob_moved
        sta     unpack_src
        lda     #>blob_moved
        sta     unpack_src+1
        lda     #<dict_table
        sta     unpack_dst
        lda     #>dict_table
        sta     unpack_dst+1
        lda     #<dict_index
        sta     unpack_index
        lda     #>dict_index
        sta     unpack_index+1
        jsr     dict_unpack_in_place
        jmp     build_answer_index
.endproc

; move_blob_up: copies the blob from its load address to end at blob_top, highest byte first
; (the ranges overlap and the destination is higher), with depack.s's mover (~14 cycles a byte).
; in: nothing  out: blob at blob_moved  clobbers: A X Y lz_src lz_dst lz_copy
.proc move_blob_up
        lda     #<__BLOB_LOAD__
        sta     lz_src
        lda     #>__BLOB_LOAD__
        sta     lz_src+1
        lda     #<blob_moved
        sta     lz_dst
        lda     #>blob_moved
        sta     lz_dst+1
        lda     #<__BLOB_SIZE__
        sta     lz_copy
        lda     #>__BLOB_SIZE__
        sta     lz_copy+1
        jmp     depack_move_up
.endproc

; copy_charset: the charset's load image (in the PRG, before the blob) to its run address.
; The load image may reach into CHARRAM from below, so the copy runs backwards (highest byte
; first, depack_move_up): a destination above its source is then never read after it was
; written.
; in: nothing  out: __CHARSET_SIZE__ bytes at __CHARSET_RUN__  clobbers: A X Y lz_src lz_dst
;     lz_copy
.proc copy_charset
        lda     #<__CHARSET_LOAD__
        sta     lz_src
        lda     #>__CHARSET_LOAD__
        sta     lz_src+1
        lda     #<__CHARSET_RUN__
        sta     lz_dst
        lda     #>__CHARSET_RUN__
        sta     lz_dst+1
        lda     #<__CHARSET_SIZE__
        sta     lz_copy
        lda     #>__CHARSET_SIZE__
        sta     lz_copy+1
        jmp     depack_move_up
.endproc

; build_answer_index: one pass over the table counting answer bits per prefix group; then
; dict_lookup_prepare.
; in: dict_index, dict_table  out: dict_answer_index, dict_word_count, dict_answer_count,
;     dict_lookup_index
; clobbers: A X Y
.proc build_answer_index
        lda     #<entries
        sta     entry_ptr
        lda     #>entries
        sta     entry_ptr+1
        lda     #<dict_index
        sta     count_ptr
        lda     #>dict_index
        sta     count_ptr+1
        lda     #<dict_answer_index
        sta     answer_ptr
        lda     #>dict_answer_index
        sta     answer_ptr+1
        lda     #0
        sta     answers
        sta     answers+1
        ldy     #0
@group: lda     answers                 ; answer_index[p] = answers before group p
        sta     (answer_ptr),y          ; (Y = 0 between groups)
        iny
        lda     answers+1
        sta     (answer_ptr),y
        iny                             ; group size = index[p + 1] - index[p]
        lda     (count_ptr),y
        dey
        dey
        sec
        sbc     (count_ptr),y
        sta     group_left
        ldy     #3
        lda     (count_ptr),y
        ldy     #1
        sbc     (count_ptr),y
        sta     group_left+1
        lda     count_ptr               ; on to group p + 1
        clc
        adc     #2
        sta     count_ptr
        bcc     :+
        inc     count_ptr+1
:       lda     answer_ptr
        clc
        adc     #2
        sta     answer_ptr
        bcc     :+
        inc     answer_ptr+1
:       ldx     group_left              ; X = low count, group_left+1 = 256-entry rounds
        beq     :+
        inc     group_left+1
:       lda     group_left+1
        beq     @next_group
        ldy     #0
@entry: lda     (entry_ptr),y           ; low byte: bit 0 is the answer bit
        lsr     a
        bcc     @skip
        inc     answers
        bne     @skip
        inc     answers+1
@skip:  iny
        iny
        bne     :+
        inc     entry_ptr+1
:       dex
        bne     @entry
        dec     group_left+1
        bne     @entry
        tya                             ; fold Y into the pointer for the next group
        clc
        adc     entry_ptr
        sta     entry_ptr
        bcc     @next_group
        inc     entry_ptr+1
@next_group:
        ldy     #0
        lda     answer_ptr
        cmp     #<(dict_answer_index + PREFIXES * 2)
        bne     @group
        lda     answer_ptr+1
        cmp     #>(dict_answer_index + PREFIXES * 2)
        bne     @group
        lda     answers                 ; answer_index[676] = all answers
        sta     (answer_ptr),y
        sta     dict_answer_count
        iny
        lda     answers+1
        sta     (answer_ptr),y
        sta     dict_answer_count+1
        lda     (count_ptr),y           ; count_ptr -> index[676] = all words
        sta     dict_word_count+1
        dey
        lda     (count_ptr),y
        sta     dict_word_count
        jmp     dict_lookup_prepare
.endproc

; dict_answer_word: the answer with a given number, counting answers in dictionary order
; (alphabetical) from 0 — the same order as results/words/answers.txt.
; in:  A = number low, X = number high (< dict_answer_count)
; out: answer_buf = its letters
; clobbers: A X Y
.proc dict_answer_word
        sta     answers
        stx     answers+1
        lda     #0
        sta     letter1
        sta     letter2
        lda     #<(dict_answer_index + 2)
        sta     answer_ptr
        lda     #>(dict_answer_index + 2)
        sta     answer_ptr+1
        lda     #<dict_index
        sta     count_ptr
        lda     #>dict_index
        sta     count_ptr+1
@prefix:                                ; find p: answer_index[p + 1] > number
        ldy     #1
        lda     answers+1
        cmp     (answer_ptr),y
        bcc     @in_group               ; high byte below: answer_index[p + 1] > number
        bne     @later
        dey
        lda     answers
        cmp     (answer_ptr),y
        bcc     @in_group
@later: inc     letter2
        lda     letter2
        cmp     #26
        bne     :+
        lda     #0
        sta     letter2
        inc     letter1
:       lda     answer_ptr
        clc
        adc     #2
        sta     answer_ptr
        bcc     :+
        inc     answer_ptr+1
:       lda     count_ptr
        clc
        adc     #2
        sta     count_ptr
        bcc     @prefix
        inc     count_ptr+1
        bne     @prefix                 ; always

@in_group:                              ; number -= answer_index[p]; entry = index[p]
        ldy     #0
        lda     answer_ptr
        sec
        sbc     #2
        sta     answer_ptr
        bcs     :+
        dec     answer_ptr+1
:       lda     answers
        sec
        sbc     (answer_ptr),y
        sta     answers
        iny
        lda     answers+1
        sbc     (answer_ptr),y
        sta     answers+1
        lda     (count_ptr),y           ; entry_ptr = entries + 2 * index[p]
        sta     entry_ptr+1
        dey
        lda     (count_ptr),y
        asl     a
        rol     entry_ptr+1
        clc
        adc     #<entries
        sta     entry_ptr
        lda     entry_ptr+1
        adc     #>entries
        sta     entry_ptr+1
@entry: ldy     #0                      ; skip answers until number reaches 0
        lda     (entry_ptr),y
        lsr     a
        bcc     @not_answer
        lda     answers
        ora     answers+1
        beq     @decode
        lda     answers
        bne     :+
        dec     answers+1
:       dec     answers
@not_answer:
        lda     entry_ptr
        clc
        adc     #2
        sta     entry_ptr
        bcc     @entry
        inc     entry_ptr+1
        bne     @entry                  ; always

@decode:                                ; entry = l3:5 l4:5 l5:5 answer:1, high byte first
        lda     letter1
        sta     answer_buf
        lda     letter2
        sta     answer_buf+1
        iny
        lda     (entry_ptr),y
        lsr     a
        lsr     a
        lsr     a
        sta     answer_buf+2
        lda     (entry_ptr),y
        and     #$07
        sta     answer_buf+3
        dey
        lda     (entry_ptr),y
        asl     a                       ; bits 7-6 of the low byte below the high byte's 2-0
        rol     answer_buf+3
        asl     a
        rol     answer_buf+3
        lsr     a                       ; letter 5 sat in bits 5-1: now shifted to 4-0
        lsr     a
        lsr     a
        sta     answer_buf+4
        rts
.endproc
