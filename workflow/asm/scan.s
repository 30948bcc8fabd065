; scan.s — answers from the dictionary while it is still being unpacked (issue 17: a guess is
; checked seconds before the whole table exists).
;
; dict_start (dict.s) runs the unpack as a coroutine: it advances only inside dict_step, one
; prefix group at a time, and every group it closes is final (entries, word, answer and lookup
; index). dict_check and dict_answer are dict_lookup and dict_answer_word for any moment after
; dict_start:
;   - the unpack over, or the group needed already closed: the table, as usual;
;   - else a scan: the blob's checkpoint trailer (pack.ctxhuff: K checkpoints, one every
;     ceil((N - 1) / K) words, with the bit position, the word before it and the answers
;     before that) lets the decoder's own symbol routines decode one segment of the stream
;     from its checkpoint, comparing words as they come, writing nothing;
;   - else (the table's writes have already reached that checkpoint's bytes: the unpacker
;     is inside that segment) dict_step until the group is closed, then the table.
; So an answer never comes from a half-built group, and a scan reads only stream bytes the
; table has not overwritten. The decoder's bit buffer and read pointer are saved around a scan.

.include "globals.inc"
.include "ctxhuff.inc"

.import decode_d, decode_g, decode_t, decode_t4, read_op       ; unpack.s
.importzp unpack_bits, unpack_entry_ptr, unpack_entry_y
.import unpack_walk, unpack_answers_closed
.import dict_blob_moved                 ; dict.s: where the blob lies while it is unpacked
.import depack_spare                    ; depack.s: where dict_relocate copied the trailer

.ifndef DICT_CHECKPOINTS
        .error "DICT_CHECKPOINTS undefined: ca65 -D DICT_CHECKPOINTS=<the blob's last byte>"
.endif

.if DICT_CHECKPOINTS > 0
K               = DICT_CHECKPOINTS
.else
K               = 1                     ; a blob without a trailer (the tests' stand-ins): this
.endif                                  ; PRG must not run dict_start
WORD_LETTERS    = 5
MODE_LOOKUP     = 0
MODE_ANSWER     = 1

; the trailer, struct of arrays (K bytes each), as dict_relocate copied it
dict_checkpoints = depack_spare
ck_next_lo      = dict_checkpoints + 0 * K  ; blob offset of the next byte to read
ck_next_hi      = dict_checkpoints + 1 * K
ck_bits         = dict_checkpoints + 2 * K  ; the bit buffer there
ck_l0           = dict_checkpoints + 3 * K  ; the word before the checkpoint; bit 7: an answer
ck_ans_lo       = dict_checkpoints + 8 * K  ; answers before that word
ck_ans_hi       = dict_checkpoints + 9 * K

.segment "BSS2"

scan_word:      .res WORD_LETTERS ; letters of the word the scan stands at
scan_answer:    .res 1                  ; 1: that word is an answer
scan_count:     .res 2                  ; answers before it (answer mode)
scan_target:    .res 2                  ; the answer number sought
scan_mode:      .res 1                  ; MODE_LOOKUP or MODE_ANSWER
scan_pos:       .res 1                  ; the letter being decoded (scan_next)
saved_bits:     .res 1                  ; the decoder's bit buffer and read pointer
saved_read:     .res 2
write_end:      .res 2                  ; the table's next byte (intact)

.segment "CODE"

; dict_check: dict_lookup at any time after dict_start.
; in:  word_buf  out: C = 1 found, A = 1 answer / 0 guess only;  C = 0 not a word, A = 0
; clobbers: A X Y
.proc dict_check
@again: lda     dict_complete
        bne     @table
        lda     word_buf                ; its group closed: prefix < the walk's
        cmp     unpack_walk
        bcc     @table
        bne     @open
        lda     word_buf+1
        cmp     unpack_walk+1
        bcc     @table
@open:  ldx     #K - 1                  ; the last checkpoint whose word is <= the key
@segment:
        jsr     prev_at_most_key
        bcs     @found
        dex
        bpl     @segment
        lda     #0                      ; before the first word
        clc
        rts
@found: jsr     intact
        bcc     @wait
        lda     #MODE_LOOKUP
        jmp     scan
@wait:  jsr     dict_step
        jmp     @again
@table: jmp     dict_lookup
.endproc

; dict_answer: dict_answer_word at any time after dict_start.
; in:  A = number low, X = number high (< dict_answer_count)  out: answer_buf
; clobbers: A X Y
.proc dict_answer
        sta     scan_target
        stx     scan_target+1
@again: lda     dict_complete
        bne     @table
        lda     scan_target             ; in a closed group: number < answers closed
        cmp     unpack_answers_closed
        lda     scan_target+1
        sbc     unpack_answers_closed+1
        bcc     @table
        ldx     #K                      ; the last checkpoint with answers before <= number
@segment:
        dex                             ; (checkpoint 0 has 0: always found)
        lda     scan_target
        cmp     ck_ans_lo,x
        lda     scan_target+1
        sbc     ck_ans_hi,x
        bcc     @segment
        jsr     intact
        bcc     @wait
        lda     #MODE_ANSWER
        jmp     scan
@wait:  jsr     dict_step
        jmp     @again
@table: lda     scan_target
        ldx     scan_target+1
        jmp     dict_answer_word
.endproc

; prev_at_most_key: is checkpoint X's word <= word_buf?
; in: X  out: C = 1 yes  clobbers: A (X Y kept)
.proc prev_at_most_key
        lda     ck_l0,x
        and     #$7F
        cmp     word_buf
        bne     @differ
        .repeat ::WORD_LETTERS - 1, I
        lda     ck_l0 + (I + 1) * K,x
        cmp     word_buf + I + 1
        bne     @differ
        .endrepeat
        rts                             ; equal (C = 1)
@differ:
        bcs     @no                     ; its letter > the key's
        sec
        rts
@no:    clc
        rts
.endproc

; intact: have the table's writes left checkpoint X's bytes alone (next byte >= the table's
; next byte)? in: X  out: C = 1 yes  clobbers: A Y (X kept)
.proc intact
        lda     unpack_entry_ptr
        clc
        adc     unpack_entry_y
        sta     write_end
        lda     unpack_entry_ptr+1
        adc     #0
        sta     write_end+1
        lda     ck_next_lo,x
        clc
        adc     #<dict_blob_moved
        pha
        lda     ck_next_hi,x
        adc     #>dict_blob_moved
        tay
        pla
        cmp     write_end
        tya
        sbc     write_end+1
        rts
.endproc

; scan: from checkpoint X, the words of its segment in order, until the one sought.
; in:  A = MODE_LOOKUP (word_buf) or MODE_ANSWER (scan_target); X = the checkpoint; intact
; out: lookup: as dict_lookup;  answer: answer_buf (C = 1)
; clobbers: A X Y (the decoder's bit buffer and read pointer restored)
.proc scan
        sta     scan_mode
        lda     unpack_bits
        sta     saved_bits
        lda     read_op+1
        sta     saved_read
        lda     read_op+2
        sta     saved_read+1
        lda     ck_bits,x
        sta     unpack_bits
        lda     ck_next_lo,x
        clc
        adc     #<dict_blob_moved
        sta     read_op+1
        lda     ck_next_hi,x
        adc     #>dict_blob_moved
        sta     read_op+2
        lda     ck_ans_lo,x
        sta     scan_count
        lda     ck_ans_hi,x
        sta     scan_count+1
        lda     ck_l0,x                 ; the word before the checkpoint: bit 7 its answer bit
        asl     a
        lda     #0
        rol     a
        sta     scan_answer
        lda     ck_l0,x
        and     #$7F
        sta     scan_word
        .repeat ::WORD_LETTERS - 1, I
        lda     ck_l0 + (I + 1) * K,x
        sta     scan_word + I + 1
        .endrepeat
@test:  lda     scan_mode
        bne     @answer
        ldx     #0                      ; lookup: the word against the key
@letter:
        lda     scan_word,x
        cmp     word_buf,x
        bne     @differ
        inx
        cpx     #WORD_LETTERS
        bne     @letter
        lda     scan_answer             ; found (C = 1)
        jmp     @done
@differ:
        bcs     @absent                 ; past the key: not a word
        bcc     @next
@answer:
        lda     scan_answer
        beq     @next
        lda     scan_count
        cmp     scan_target
        bne     @count
        lda     scan_count+1
        cmp     scan_target+1
        bne     @count
        ldx     #WORD_LETTERS - 1            ; the answer sought
:       lda     scan_word,x
        sta     answer_buf,x
        dex
        bpl     :-
        sec
        bcs     @done
@count: inc     scan_count
        bne     @next
        inc     scan_count+1
@next:  jsr     scan_next
        bcc     @test
@absent:
        lda     #0                      ; (the end of the list)
        clc
@done:  php
        pha
        lda     saved_bits
        sta     unpack_bits
        lda     saved_read
        sta     read_op+1
        lda     saved_read+1
        sta     read_op+2
        pla
        plp
        rts
.endproc

; scan_next: the next word of the stream into scan_word / scan_answer (pack.ctxhuff: a D symbol
; in context 2 l4: d = 4 with its gap, or d < 4; then the G symbol of letter d, the T symbols
; of the letters after it).
; in: unpack_bits, read_op at its first bit  out: C = 0, the word; C = 1 the end marker
; clobbers: A X Y
.proc scan_next
        lda     scan_word+4
        asl     a
        tax
        jsr     decode_d
        cmp     #D_LAST_BASE
        bcc     @first_change
        lsr     a                       ; 4 + gap, C = the answer bit
        tay
        lda     #0
        rol     a
        sta     scan_answer
        tya
        sec                             ; l4 += gap + 1
        sbc     #3
        clc
        adc     scan_word+4
        sta     scan_word+4
        clc
        rts
@first_change:                          ; 2 d + answer, d < 4
        lsr     a
        sta     scan_pos
        lda     #0
        rol     a
        sta     scan_answer
        ldx     scan_pos
        lda     scan_word,x             ; G context 2 word[d] + 1
        asl     a
        ora     #1
        tax
        jsr     decode_g
        ldx     scan_pos
        sec
        adc     scan_word,x
        cmp     #26
        bcs     @end                    ; the end marker: the first letter steps past Z
        sta     scan_word,x
@tail:  ldx     scan_pos                ; letters d + 1 .. 3 from T contexts
        cpx     #3
        bcs     @last
        lda     scan_word,x
        adc     #T_CONTEXTS             ; (C = 0)
        tax
        jsr     decode_t
        inc     scan_pos
        ldx     scan_pos
        sta     scan_word,x
        jmp     @tail
@last:  lda     scan_word+3
        clc
        adc     #T4_CONTEXTS
        tax
        jsr     decode_t4
        sta     scan_word+4
        clc
        rts
@end:   rts                             ; (C = 1)
.endproc
