; lookup.s — is a five-letter word in the dictionary, and is it an answer?
;
; The index gives the word range of the two-letter prefix (any group size, 256+ included); a
; binary search over that range of the sorted 16-bit entries finds the last three letters.
; Cost: about 140 cycles of set-up plus at most ~75 per halving; the largest group of the
; default list (MA, 271 words) needs 9 halvings, so the worst case stays well under 2,000 cycles.

.include "globals.inc"

PREFIX_COUNTS   = 676                   ; bytes before the first entry of dict_table

.segment "ZEROPAGE"

search_low:     .res 2                  ; address of the first candidate entry
search_high:    .res 2                  ; address one past the last candidate entry
search_mid:     .res 2                  ; address of the entry being compared
key:            .res 2                  ; entry of word_buf with the answer bit clear
index_ptr:      .res 2                  ; address of dict_index[prefix]

.segment "RODATA"

; prefix number of a first letter: letter * 26, split in low/high bytes
times26_low:
        .repeat 26, i
        .byte   <(i * 26)
        .endrepeat
times26_high:
        .repeat 26, i
        .byte   >(i * 26)
        .endrepeat

.segment "CODE"

; dict_lookup: looks word_buf up in the dictionary.
; in:  word_buf (5 letters 0..25); dict_index and dict_table ready (dict_init done)
; out: C = 1 found, A = 1 answer / 0 guess only;  C = 0 not a word, A = 0
; clobbers: A X Y
.proc dict_lookup
        ldx     word_buf                ; prefix = first * 26 + second
        lda     times26_low,x
        clc
        adc     word_buf+1
        sta     index_ptr
        lda     times26_high,x
        adc     #0
        asl     index_ptr               ; two bytes per index entry
        rol     a
        sta     index_ptr+1
        lda     index_ptr
        clc
        adc     #<dict_index
        sta     index_ptr
        lda     index_ptr+1
        adc     #>dict_index
        sta     index_ptr+1

        ; entry address = dict_table + 676 + 2 * word number, for index[p] and index[p + 1]
        ldy     #0
        lda     (index_ptr),y
        asl     a
        sta     search_low
        iny
        lda     (index_ptr),y
        rol     a
        sta     search_low+1
        iny
        lda     (index_ptr),y
        asl     a
        sta     search_high
        iny
        lda     (index_ptr),y
        rol     a
        sta     search_high+1
        lda     search_low
        clc
        adc     #<(dict_table + PREFIX_COUNTS)
        sta     search_low
        lda     search_low+1
        adc     #>(dict_table + PREFIX_COUNTS)
        sta     search_low+1
        lda     search_high
        clc
        adc     #<(dict_table + PREFIX_COUNTS)
        sta     search_high
        lda     search_high+1
        adc     #>(dict_table + PREFIX_COUNTS)
        sta     search_high+1

        ; key = (third << 11) | (fourth << 6) | (fifth << 1)
        lda     word_buf+3
        lsr     a
        lsr     a
        sta     key+1                   ; fourth >> 2
        lda     word_buf+2
        asl     a
        asl     a
        asl     a
        ora     key+1
        sta     key+1
        lda     word_buf+3
        lsr     a                       ; bits 1-0 of the fourth letter to bits 7-6
        ror     a
        ror     a
        and     #$C0
        sta     key
        lda     word_buf+4
        asl     a
        ora     key
        sta     key

@halve: lda     search_low              ; empty range: not a word
        cmp     search_high
        bne     @probe
        lda     search_low+1
        cmp     search_high+1
        beq     @missing
@probe: sec                             ; mid = low + half the range, rounded to an entry
        lda     search_high
        sbc     search_low
        tax
        lda     search_high+1
        sbc     search_low+1
        lsr     a
        sta     search_mid+1
        txa
        ror     a
        and     #$FE
        clc
        adc     search_low
        sta     search_mid
        lda     search_mid+1
        adc     search_low+1
        sta     search_mid+1
        ldy     #1
        lda     (search_mid),y
        cmp     key+1
        bne     @decide
        dey
        lda     (search_mid),y
        and     #$FE                    ; the answer bit takes no part in the order
        cmp     key
        beq     @found
@decide:
        bcs     @left                   ; entry > key: keep the entries below mid
        lda     search_mid              ; entry < key: keep the entries above mid
        adc     #2                      ; C = 0 here
        sta     search_low
        lda     search_mid+1
        adc     #0
        sta     search_low+1
        jmp     @halve
@left:  lda     search_mid
        sta     search_high
        lda     search_mid+1
        sta     search_high+1
        jmp     @halve

@found: lda     (search_mid),y          ; Y = 0
        and     #1
        sec
        rts
@missing:
        lda     #0
        clc
        rts
.endproc
