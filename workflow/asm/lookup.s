; lookup.s — is a five-letter word in the dictionary, and is it an answer?
;
; The unpacker (unpack.s close_indexes) writes, as it closes each prefix group,
; dict_lookup_index: 677 addresses, where each two-letter prefix group's entries start, minus
; 256 (the last: the table's end - 256). dict_lookup reads its group there and binary searches
; the sorted 16-bit entries with an 8-bit offset (Y) into a window of at most 128 entries,
; based 256 bytes below the window's end (so the offsets of a group's last k entries are
; constants):
; - a group of 128+ entries: the probe at the first of its last 128 entries keeps those 128
;   (on to the halvings) or drops them, until fewer than 128 are left;
; - n < 128 entries: k = the largest power of two <= n; a probe at entry n - k keeps the last
;   k or the first k (Shar's method), then log2 k unrolled halvings: each compares the entry's
;   high byte (its low byte only when the high bytes are equal) and moves Y by the half;
; - one equality check of the candidate.
; So the probes grow with log2 of the largest group, not with its size. The cycle counts
; (min / mean / max, with the word of the worst case) are measured by the lookup validation:
; results/validate/summary.json, check "lookup" (docs/validate.md). The worst case moves by a
; few cycles with the table's page alignment ((zp),y page crossings), so it is measured in the
; game's own layout.

.include "globals.inc"

PREFIXES        = 676                   ; count bytes before the first entry of dict_table
INDEX_BYTES     = (PREFIXES + 1) * 2    ; dict_index, dict_lookup_index: 677 16-bit words

.segment "ZEROPAGE"

start:          .res 2                  ; address of the group's first entry - 256
base:           .res 2                  ; address of the search window's end - 256
row:            .res 2                  ; dict_lookup_index row of the first letter; prepare:
                                        ; the index entry being read
key_hi:         .res 1                  ; entry high byte sought: l3 << 3 | l4 >> 2
key_lo1:        .res 1                  ; entry low byte sought, answer bit set:
                                        ; (l4 & 3) << 6 | l5 << 1 | 1
blocks:         .res 1                  ; 128-entry blocks left (384+ entries); prepare: round end

.segment "RODATA"

row_low:                                ; dict_lookup_index + 2 * 26 * first letter
        .repeat 26, I
        .byte   <(dict_lookup_index + 52 * I)
        .endrepeat
row_high:
        .repeat 26, I
        .byte   >(dict_lookup_index + 52 * I)
        .endrepeat
key_hi3:                                ; l3 << 3
        .repeat 26, I
        .byte   I << 3
        .endrepeat
key_hi4:                                ; l4 >> 2
        .repeat 26, I
        .byte   I >> 2
        .endrepeat
key_lo4:                                ; (l4 & 3) << 6 | 1 (the answer bit)
        .repeat 26, I
        .byte   (I & 3) << 6 | 1
        .endrepeat

; COMPARE ptr: C = 1 when the entry at (ptr) + Y - 1 is <= the key (answer bit ignored), Y at
; its high byte (kept). Clobbers A.
.macro COMPARE ptr
        lda     key_hi
        cmp     (ptr),y
        bne     :+
        dey                             ; equal high bytes: the low byte decides
        lda     key_lo1                 ; (key_lo1 >= low byte <=> low byte & $FE <= key low)
        cmp     (ptr),y
        iny
:
.endmacro

; LEVEL half, next: one halving; Y at the high byte of entry b + half (the window: entries
; b .. b + 2 half - 1): on to entry b + half + half / 2 or b + half / 2.
.macro LEVEL half, next
        COMPARE base
        bcc     :+
        tya                             ; entry <= key: Y + half
        adc     #half - 1
        tay
        bcc     next                    ; (always: Y < 256)
:       tya                             ; entry > key (C = 0): Y - half
        sbc     #half - 1
        tay
.endmacro

; PROBE k, next: the first probe of a group of n entries, k <= n < 2k (in: X = 2 n, base =
; the group's end - 256, so entry i is at base + 256 - 2 n + 2 i): entry n - k, then the k
; entries from n - k (Y constant) or from 0.
.macro PROBE k, next
        ldy     #256 - 2 * k + 1
        COMPARE base
        bcc     :+
        ldy     #256 - k + 1            ; the last k: entry n - k + k / 2
        jmp     next
:       txa                             ; the first k: entry k / 2, Y = 256 - 2 n + k + 1
        eor     #$FF                    ; (C = 0)
        adc     #k + 2
        tay
        jmp     next
.endmacro

.segment "CODE"

; dict_lookup: looks word_buf up in the dictionary.
; in:  word_buf (5 letters 0..25); dict_lookup_index, dict_table ready (dict_init done)
; out: C = 1 found, A = 1 answer / 0 guess only;  C = 0 not a word, A = 0
; clobbers: A X Y
.proc dict_lookup
        ldx     word_buf+3              ; the key
        ldy     word_buf+2
        lda     key_hi3,y
        ora     key_hi4,x
        sta     key_hi
        lda     word_buf+4
        asl     a
        ora     key_lo4,x
        sta     key_lo1
        ldx     word_buf                ; the group: dict_lookup_index[26 first + second]
        lda     row_low,x
        sta     row
        lda     row_high,x
        sta     row+1
        lda     word_buf+1
        asl     a
        tay
        lda     (row),y
        sta     start
        iny
        lda     (row),y
        sta     start+1
        iny
        lda     (row),y                 ; its end - 256: the window's base
        sta     base
        sec
        sbc     start
        tax                             ; X = 2 n (low byte)
        iny
        lda     (row),y
        sta     base+1
        sbc     start+1
        bne     @large
        jmp     small
@large: cmp     #2                      ; 128+ entries: the last 128 or fewer
        beq     @two
        bcc     @last
        sta     blocks                  ; 384+ entries: drop 128 at a time
@block: ldy     #1
        COMPARE base
        bcs     @window
        dec     base+1
        dec     blocks
        lda     blocks
        cmp     #2
        bne     @block
@two:   ldy     #1                      ; 256..383 entries
        COMPARE base
        bcs     @window
        dec     base+1
@last:  ldy     #1                      ; the first of the last 128
        COMPARE base
        bcs     @window
        dec     base+1                  ; all above the key: drop them
        jmp     small                   ; X = 2 n of what is left
@window:
        ldy     #2 * 64 + 1             ; the window: the last 128
level64:
        LEVEL   64, level32
level32:
        LEVEL   32, level16
level16:
        LEVEL   16, level8
level8: LEVEL   8, level4
level4: LEVEL   4, level2
level2: lda     key_hi                  ; from here on A = key_hi between the steps
        cmp     (base),y
        bne     @l2_differ
        dey                             ; equal high bytes: the low byte decides
        lda     key_lo1
        cmp     (base),y
        lda     key_hi
        bcc     :+
        iny                             ; Y + 2 (from the low byte: + 3)
        iny
        iny
        bcs     level1_known            ; (always)
:       dey                             ; Y - 2 (from the low byte: - 1)
        bcc     level1                  ; (always)
@l2_differ:
        bcc     :+
        iny                             ; Y + 2
        iny
        bcs     level1                  ; (always)
:       dey                             ; Y - 2
        dey
level1: cmp     (base),y                ; Y at entry b + 1: the candidate is b + 1 or b
        bne     @differ
        dey
        lda     key_lo1
        cmp     (base),y
        bcc     @below                  ; entry b + 1 > key: b is the candidate
        eor     (base),y                ; 0: b + 1 is the key and an answer, 1: a guess
        cmp     #2
        bcs     missing                 ; entry b + 1 < key: not a word
        eor     #1
        sec
        rts
@differ:
        bcs     missing                 ; high byte of b + 1 below the key's
        dey
        dey                             ; Y at entry b, A = key_hi
        bcc     final_hi                ; (always)
@below: dey                             ; Y at entry b
final:  lda     key_hi                  ; the candidate equals the key?
final_hi:
        cmp     (base),y
        bne     missing
        dey
final_lo:
        lda     (base),y
        eor     key_lo1                 ; 0: an answer, 1: a guess, more: another word
        cmp     #2
        bcc     found
missing:
        lda     #0
        clc
        rts
found:  eor     #1
        sec
        rts

level1_known:                           ; level1 when entry b has the key's high byte (and is
        cmp     (base),y                ; <= the key): only its low byte is left to check
        bne     @differ
        dey
        lda     key_lo1
        cmp     (base),y
        bcc     @below                  ; entry b + 1 > key: b is the candidate
        eor     (base),y                ; 0: b + 1 is the key and an answer, 1: a guess
        cmp     #2
        bcc     found
        bcs     missing                 ; (always) entry b + 1 < key: not a word
@differ:
        bcs     missing                 ; high byte of b + 1 below the key's
        dey                             ; Y at entry b's low byte
@below: dey
        dey
        bcc     final_lo                ; (always)

small:  cpx     #2 * 64                 ; k: the largest power of two <= n
        bcc     @below64
        PROBE   64, level32
@below64:
        cpx     #2 * 32
        bcc     @below32
        PROBE   32, level16
@below32:
        cpx     #2 * 16
        bcc     @below16
        PROBE   16, level8
@below16:
        cpx     #2 * 8
        bcc     @below8
        PROBE   8, level4
@below8:
        cpx     #2 * 4
        bcc     @below4
        PROBE   4, level2
@below4:
        cpx     #2 * 2
        bcc     @below2
        PROBE   2, level1_a
@below2:
        cpx     #2
        bcs     @one
        lda     #0                      ; no entry: not a word
        clc
        rts
@one:   ldy     #255                    ; one entry: the candidate
        jmp     final
level1_a:
        lda     key_hi
        jmp     level1
.endproc
