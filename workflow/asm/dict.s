; dict.s — where the dictionary lives, and start-up: blob -> table and its three indexes, in the
; background.
;
; The blob (results/dict/blob.bin: header, bit stream, then the checkpoint trailer of
; pack.ctxhuff) follows the charset's load image in the PRG; the start-up code of segment INIT
; follows the blob (wordle64.cfg). dict_relocate switches BASIC out, moves the blob up so its
; stream ends on a page, DICT_WORK_BYTES below __DICT_END__ (the trailer lands just above, in
; the work area, and is copied into the depacker's code, dead by then), then copies the charset
; to its run address (CHARRAM in wordle64.cfg, 2 KB aligned for the VIC), which lies in the RAM
; the blob was loaded into. dict_start then runs dict_unpack_in_place as a coroutine of the game
; on its own stack ($0100-$017F; the game keeps $0180-$01FF): each dict_step decodes up to the
; next prefix group and returns; wait_key steps it while the game waits for keys, and scan.s
; answers lookups and answer numbers meanwhile. The decode tables fill [blob end, blob end +
; DICT_WORK_BYTES) (the build passes DICT_WORK_BYTES = pack.ctxhuff_work_bytes(blob) and
; DICT_CHECKPOINTS, the trailer's K, to ca65). dict_index, dict_answer_index and
; dict_lookup_index (lookup.s), in that order, go into the gap between the PRG and the charset
; when all three fit (else after the charset), dict_table after them; the unpacker writes all
; three as it closes each group. The build checks that the table never catches up with the
; blob's read pointer (wordle64.build.check_fit); INIT, overwritten by the table later, has run
; by the time the first entry is written.

.include "globals.inc"
.include "c64.inc"

.import __BLOB_LOAD__, __BLOB_SIZE__, __DICT_END__, __INIT_LOAD__, __INIT_SIZE__
.import __CHARSET_LOAD__, __CHARSET_RUN__, __CHARSET_SIZE__
.import depack_move_up                  ; depack.s: copies a block up, highest byte first
.import depack_spare                    ; depack.s: its code before depack_move_up, free
                                        ; once main runs
.importzp lz_src, lz_dst, lz_copy

.ifndef DICT_CHECKPOINTS
        .error "DICT_CHECKPOINTS undefined: ca65 -D DICT_CHECKPOINTS=<the blob's last byte>"
.endif
.ifndef DICT_WORK_BYTES
        .error "DICT_WORK_BYTES undefined: ca65 -D DICT_WORK_BYTES=<pack.ctxhuff_work_bytes(blob)>"
.endif

PREFIXES        = 676                   ; two-letter prefixes AA..ZZ
INDEX_BYTES     = (PREFIXES + 1) * 2    ; 677 cumulative 16-bit counts

ALL_INDEXES     = 3 * INDEX_BYTES       ; word, answer and lookup index, in that order (the
                                        ; unpacker writes all three, one after the other)
.if DICT_CHECKPOINTS > 0
TRAILER_BYTES   = 10 * DICT_CHECKPOINTS + 3 ; the blob's checkpoint trailer (pack.ctxhuff)
.else
TRAILER_BYTES   = 0                     ; no words, no trailer
.endif
.assert TRAILER_BYTES < 256, error, "the trailer copy counts in X"
DECODER_STACK   = $7F                   ; the decoder's stack: $0100-$017F (the game's: above)
dict_checkpoints = depack_spare         ; the trailer's copy (scan.s reads it there)

charset_end       = __CHARSET_RUN__ + __CHARSET_SIZE__
indexes_below     = (__BLOB_LOAD__ + ALL_INDEXES <= __CHARSET_RUN__) ; 1: fit below the charset
dict_index        = indexes_below * __BLOB_LOAD__ + (1 - indexes_below) * charset_end
                                        ; words in prefixes before p
dict_answer_index = dict_index + INDEX_BYTES    ; answers in prefixes before p
dict_lookup_index = dict_answer_index + INDEX_BYTES ; where group p's entries start - 256
dict_table        = charset_end + (1 - indexes_below) * ALL_INDEXES
                                        ; 676 count bytes, then 2 bytes per word
blob_top          = (__DICT_END__ - DICT_WORK_BYTES) & $FF00
                                        ; the moved blob's end = the decoder's work area
STREAM_BYTES      = __BLOB_SIZE__ - TRAILER_BYTES   ; header and bit stream: what is unpacked
blob_moved        = blob_top - STREAM_BYTES
                                        ; where the stream sits while it is unpacked (its
                                        ; trailer is copied to dict_checkpoints, not moved)
entries           = dict_table + PREFIXES
; The stream's move, split around the menu when the moved stream lies clear of the loaded blob
; (results/build/layout.json has a build's addresses): only the bytes in the charset's way
; (below its run address's end) move before it is copied; the rest moves in dict_start, so the
; menu's time does not grow with the blob. Overlapping: the whole stream at once, highest byte
; first.
split_move        = (blob_moved >= __BLOB_LOAD__ + __BLOB_SIZE__)
below_charset     = (__BLOB_LOAD__ < charset_end)
all_below         = (__BLOB_LOAD__ + STREAM_BYTES <= charset_end)
head_partial      = charset_end - __BLOB_LOAD__
head_now          = below_charset * (all_below * STREAM_BYTES + (1 - all_below) * head_partial)
header_moved      = (1 - split_move) | (head_now >= 2)
header_now        = __BLOB_LOAD__ + (blob_moved - __BLOB_LOAD__) * header_moved
                                        ; the header after dict_relocate: moved, unless the
                                        ; stream's move waits whole for move_blob_rest

; MOVE_STREAM offset, count: depack_move_up's arguments for the stream's bytes [offset,
; offset + count) to blob_moved + offset (count >= 1); the caller then calls it.
.macro MOVE_STREAM offset, count
        lda     #<(__BLOB_LOAD__ + offset)
        sta     lz_src
        lda     #>(__BLOB_LOAD__ + offset)
        sta     lz_src+1
        lda     #<(blob_moved + offset)
        sta     lz_dst
        lda     #>(blob_moved + offset)
        sta     lz_dst+1
        lda     #<(count)
        sta     lz_copy
        lda     #>(count)
        sta     lz_copy+1
.endmacro

.assert __CHARSET_LOAD__ <= __CHARSET_RUN__, lderror, "code and data reach CHARRAM (the charset)"
.assert blob_moved >= charset_end, lderror, "the blob is too large to move above the charset"
.assert blob_moved >= __BLOB_LOAD__, lderror, "the blob must move up (move_blob_up)"
; (INIT, after the loaded blob, must end below blob_moved: wordle64.build.fit_shortfalls checks
; it, so that a list too long for it gets the words-to-remove message)
.assert depack_spare + TRAILER_BYTES <= depack_move_up, lderror, "the trailer passes depack_move_up"

.export dict_blob_moved = blob_moved    ; for the build's in-place check and the validation

.segment "ZEROPAGE"

entry_ptr:      .res 2                  ; walks the table entries (with Y as byte offset)
count_ptr:      .res 2                  ; walks dict_index
answer_ptr:     .res 2                  ; walks dict_answer_index
answers:        .res 2                  ; answers counted so far / answer number sought
letter1:        .res 1                  ; first letter of the current prefix (0..25)
letter2:        .res 1                  ; second letter of the current prefix (0..25)

.segment "BSS"

dict_word_count:    .res 2              ; words in the dictionary (16-bit LE)
dict_answer_count:  .res 2              ; answers among them (16-bit LE)
dict_complete:      .res 1              ; 1 once the unpack is over (dict_step)
decoder_sp:         .res 1              ; the decoder's stack pointer while it waits
game_sp:            .res 1              ; the game's stack pointer while the decoder runs

.segment "DATA"

relocated:      .byte 0                 ; 1 once dict_relocate has run (the blob moves once)

.segment "CHARSET"                      ; (nothing here: makes __CHARSET_*__ exist without one)

.segment "BLOB"

blob:   .incbin "blob.bin"

.segment "CODE"

.segment "INIT"                         ; start-up only: the table's writes reuse it later
                                        ; (wordle64.cfg: linked after the blob)

; dict_relocate: the first thing to do: BASIC ROM out, the trailer to dict_checkpoints, the
; blob's stream up to end at blob_top (only the part in the charset's way when its place is
; clear of the loaded blob: the rest follows in dict_start, after the menu is drawn), the
; charset to its run address (the VIC shows garbage glyphs until this has run). Runs once;
; later calls return.
; in:  nothing (the PRG as loaded)
; out: $01 = $36; charset at __CHARSET_RUN__; stream at blob_moved (its first head_now bytes
;      when split_move, else all of it)
; clobbers: A X Y
.proc dict_relocate
        lda     relocated
        bne     @done
        lda     #PORT_NO_BASIC
        sta     CPU_PORT
.if ::TRAILER_BYTES > 0
        ldx     #0                      ; the trailer, from the loaded blob's end
@trailer:
        lda     __BLOB_LOAD__ + STREAM_BYTES,x
        sta     dict_checkpoints,x
        inx
        cpx     #TRAILER_BYTES
        bne     @trailer
.endif
        lda     #split_move
        beq     @whole
        lda     #<head_now              ; (0: the blob loads above the charset's place)
        ora     #>head_now
        beq     @charset
        MOVE_STREAM 0, head_now
        jsr     depack_move_up
        jmp     @charset
@whole: jsr     move_blob_up
@charset:
        jsr     copy_charset
        inc     relocated
@done:  rts
.endproc

; move_blob_rest: the stream's bytes dict_relocate left in place (split_move), up to theirs.
; in: dict_relocate done  out: the whole stream at blob_moved  clobbers: A X Y lz_src lz_dst
;     lz_copy
.proc move_blob_rest
        lda     #split_move
        beq     @done
        lda     #<(STREAM_BYTES - head_now)
        ora     #>(STREAM_BYTES - head_now)
        beq     @done
        MOVE_STREAM head_now, STREAM_BYTES - head_now
        jmp     depack_move_up
@done:  rts
.endproc

.segment "CODE"

; dict_init: the dictionary ready for dict_lookup and dict_answer_word, now (dict_start, then
; dict_finish); the validation's way in. It runs once (the blob is consumed).
; in:  nothing (the blob as loaded)
; out: as dict_finish  clobbers: A X Y
.proc dict_init
        jsr     dict_start
        jmp     dict_finish
.endproc

.segment "INIT"

; dict_start: start the unpack as a coroutine of the game: relocate (if not done), the counts
; from the blob's header and trailer, then the first step (the decode tables built, the first
; group opened). From here on the decoder runs only inside dict_step: the game calls it while
; it waits for keys (wait_key), and dict_check / dict_answer (scan.s) answer in the meantime
; by scanning one segment of the stream, or step it until the group they need is closed.
; in:  nothing (the blob as loaded)
; out: dict_word_count, dict_answer_count; dict_complete = 0 (1 once a step ends the unpack);
;      unpack_progress_hook -> dict_yield
; clobbers: A X Y
.proc dict_start
        jsr     dict_prepare
        jmp     dict_step
.endproc

; dict_counts: the word count from the blob's header and the answer count from its trailer, as
; soon as dict_relocate has run (main draws the menu's footer with them before the rest of the
; stream moves up and the unpack takes its first step).
; in: -  out: dict_word_count, dict_answer_count (dict_relocate done)  clobbers: A X Y
.proc dict_counts
        jsr     dict_relocate
        lda     header_now              ; the header's word count
        sta     dict_word_count
        lda     header_now+1
        sta     dict_word_count+1
        lda     dict_checkpoints + TRAILER_BYTES - 3    ; the trailer's answer count
        sta     dict_answer_count
        lda     dict_checkpoints + TRAILER_BYTES - 2
        sta     dict_answer_count+1
        rts
.endproc

; dict_prepare: dict_start without its first step.
; in, out, clobbers: as dict_start's, but no step taken
.proc dict_prepare
        jsr     dict_counts
        jsr     move_blob_rest          ; (the menu is on screen by now)
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
        lda     #0
        sta     dict_complete
        lda     #>(decoder_main - 1)    ; the decoder's stack: its first "return" enters
        sta     $0100 + DECODER_STACK   ; decoder_main; then the X and Y dict_step pulls
        lda     #<(decoder_main - 1)
        sta     $0100 + DECODER_STACK - 1
        lda     #DECODER_STACK - 4
        sta     decoder_sp
        lda     #$4C                    ; JMP dict_yield
        sta     unpack_progress_hook
        lda     #<dict_yield
        sta     unpack_progress_hook + 1
        lda     #>dict_yield
        sta     unpack_progress_hook + 2
        rts
.endproc

.segment "CODE"

; dict_step: run the decoder until it opens its next prefix group (or ends the unpack).
; in: dict_start done  out: dict_complete = 1 once the unpack is over (then it returns at
;     once)  clobbers: A X Y
.proc dict_step
        lda     dict_complete
        bne     @done
        tsx                             ; switch to the decoder's stack
        stx     game_sp
        ldx     decoder_sp
        txs
        pla                             ; its Y and X, then back into dict_yield's caller
        tay
        pla
        tax
@done:  rts
.endproc

; dict_yield: unpack_progress_hook while the decoder runs as a coroutine: back to the game
; (the RTS of the dict_step that resumed it).
; in: A = progress (unused)  out: A clobbered, X Y kept (the hook's contract)
.proc dict_yield
        txa
        pha
        tya
        pha
        tsx
        stx     decoder_sp
        ldx     game_sp
        txs
        rts
.endproc

; decoder_main: the coroutine's body: the unpack, then dict_complete and the game's stack for
; good.
.proc decoder_main
        jsr     dict_unpack_in_place
        lda     #1
        sta     dict_complete
        ldx     game_sp
        txs
        rts
.endproc

; dict_finish: step the decoder until the unpack is over (before anything that needs the RAM
; above the table or the whole table: Absurdle, the statistics file's buffer).
; in: dict_start done  out: dict_complete = 1: table, indexes and counts final
; clobbers: A X Y
.proc dict_finish
@step:  lda     dict_complete
        bne     @done
        jsr     dict_step
        jmp     @step
@done:  rts
.endproc

.segment "INIT"

; move_blob_up: copies the blob's stream from its load address to end at blob_top, highest byte
; first (the ranges may overlap; the destination is higher), with depack.s's mover.
; in: nothing  out: blob at blob_moved  clobbers: A X Y lz_src lz_dst lz_copy
.proc move_blob_up
        MOVE_STREAM 0, STREAM_BYTES
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

.segment "CODE"

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
