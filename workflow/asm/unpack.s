; unpack.s — the dictionary decoders: a blob -> the RAM table and its indexes.
;
; The Python references in wordle64/pack.py are the spec (formats in its module docstring):
;   dict_unpack_in_place  the ctxhuff codec (context-modelled canonical Huffman over a trie
;                     walk), the one the game ships
; and, in seed/unpack_seed.s (which includes this file; linked only into the validation PRG
; results/build/unpack-seed.prg, not into the game):
;   dict_unpack       ctxhuff for a blob anywhere (it moves the blob first)
;   dict_unpack_seed  the seed codec of the original game (1/2-byte deltas), the baseline
; Both write, at unpack_dst, 676 prefix count bytes (count mod 256) then one 16-bit entry per
; word, and at unpack_index the 677 cumulative 16-bit counts, and call unpack_progress_hook
; with A = 0..255 as they go and with 255 at the end. The ctxhuff decoder also writes, right
; after that index, the answer index and the lookup index (lookup.s), each group's entries as it
; closes the group, and counts the answers as it goes; its hook is called as each group opens,
; so the game can run it as a coroutine (dict.s) and read every closed group meanwhile. scan.s
; decodes segments of the stream with its symbol routines (decode_d, decode_g, decode_t,
; decode_t4) and its bit buffer and refill.
;
; ctxhuff needs a work area for its decode tables, work size = WORK_BASE + the 32 symbol-region
; sizes of the header (its size for a build: ctxhuff_work_bytes in results/dict/stats.json):
; dict_unpack_in_place (the game's: dict_start
; leaves the stream right below a free work area) uses the RAM above the blob; dict_unpack (in
; seed/unpack_seed.s: validation PRG only) moves the blob down to end at W = (blob end - work
; size) & $FF00 and builds the tables in [W, W + work size). The build proves that the table
; writes never catch the blob's read pointer (pack.inplace_margin). The cycles of each decoder
; are measured by rule bench_unpack (results/bench/unpack.json) and in the game's layout by
; the unpack validation (docs/pack.md). Where the time goes, and why the code is shaped so:
; the code bits (one unrolled step each), the blob bytes refilled, the symbols (the commonest
; kinds decoded inline, no JSR/RTS), the words written and the prefix groups closed, then the
; tables built; branches and indexed reads that cross a page add a layout-dependent share.

.include "globals.inc"
.include "ctxhuff.inc"

PREFIXES        = 676
INDEX_BYTES     = (PREFIXES + 1) * 2    ; each of the three indexes: 677 16-bit entries
REGIONS         = 4 * MAX_LENGTH  ; symbol regions: one per context class and code length
CLASS_D         = 0             ; region numbers: class * 8 + length - 1
CLASS_G         = 1
CLASS_T         = 2
CLASS_T4        = 3
STRIDE          = 128           ; one array per length: 128 bytes, so X never crosses a page
; work area (page aligned), offsets from W
T_ARRAYS        = -STRIDE                       ; T[L][ctx] at (L - 1) * STRIDE, L = 1..8
B_ARRAYS        = (MAX_LENGTH - 1) * STRIDE     ; B[L][ctx] - 1 (decode adds with carry set)
WORK_BASE       = 2 * MAX_LENGTH * STRIDE       ; == pack.WORK_BASE_BYTES; then the regions
HEADER_BYTES    = 4 + REGIONS                   ; N, size, region sizes (the first word follows)
.assert CONTEXTS <= STRIDE, error, "contexts overflow the arrays"
.assert WORK_BASE = $0800, error, "WORK_BASE differs from pack.WORK_BASE_BYTES"

; for scan.s, which decodes segments of the stream with the same routines and state
.export decode_d, decode_g, decode_t, decode_t4, read_op
.exportzp unpack_bits := bits, unpack_entry_ptr := entry_ptr, unpack_entry_y := entry_y
.export unpack_walk := walk, unpack_answers_closed := answers_closed

.segment "ZEROPAGE"

unpack_src:     .res 2          ; in: blob; then the moved blob's header
unpack_dst:     .res 2          ; in: table (advance_walk's count_store from then on)
unpack_index:   .res 2          ; in: index; then its base for index_y (+ 256 per wrap)
entry_ptr:      .res 2          ; table entries: page base (+ 1 if they start at an odd address)
entry_y:        .res 1          ; table entries: even offset of the next entry from entry_ptr
bits:           .res 1          ; bit buffer, MSB next, a marker 1 below the last valid bit
word:           .res 5          ; letters (0..25) of the last word decoded (word+4: the
                                ; first word only; later last letters live in entry_lo)
answer:         .res 1          ; answer bit of the word being decoded (d < 4 paths)
entry_hi:       .res 1          ; entry high byte: l2 << 3 | l3 >> 2
entry_hi2l:     .res 1          ; its l2 part (l2 << 3), changed on the general path only
entry_lo:       .res 1          ; entry low byte without the answer: (l3 & 3) << 6 | l4 << 1
first_change:   .res 1          ; general path: d, the first position that changed
temp:           .res 2          ; scratch: a pointer or a 16-bit word count
answer_out:     .res 2          ; answer index: its base for index_y (as unpack_index)
lookup_out:     .res 2          ; lookup index: its base for index_y
answers_seen:   .res 2          ; answers decoded so far (words, 16-bit)

.segment "BSS"

region_lo:      .res REGIONS    ; table build: next free byte of each symbol region
region_hi:      .res REGIONS
region_start:   .res REGIONS    ; table build: low byte of each region's start
slots:          .res MAX_LENGTH + 1  ; table build: symbols per length (1..8)
work_page:      .res 1          ; high byte of W
context:        .res 1          ; table build: context number
class_region:   .res 1          ; table build: region of the context's codes of length 1, - 1
max_length:     .res 1          ; table build: the longest code of the context
limit:          .res 2          ; table build: the code limit of the current length, the row offset
walk:           .res 2          ; letters of the prefix the count/index writer stands at
progress:       .res 2          ; 8.8 fixed point: +96/256 per prefix (676 -> 253)
entries_start:  .res 2          ; unpack_dst + 676: the first entry
group_start:    .res 2          ; words before the current prefix group
group_end:      .res 2          ; address of the current group's end - 256 (lookup index)
answers_closed: .res 2          ; answers in the groups closed so far (= answer_index[walk])
index_y:        .res 1          ; the last index entry's high byte, from unpack_index (and the
                                ; answer and lookup indexes' pointers)

.segment "DATA"

; The game patches this JMP to draw a progress bar (in: A = 0..255; may clobber A only).
unpack_progress_hook:
        jmp     no_progress

.segment "RODATA"

entry_hi2:                      ; l2 << 3
        .repeat 26, I
        .byte   I << 3
        .endrep
entry_hi3:                      ; l3 >> 2
        .repeat 26, I
        .byte   I >> 2
        .endrep
entry_lo3:                      ; (l3 & 3) << 6
        .repeat 26, I
        .byte   (I & 3) << 6
        .endrep
; DECODE_SYMBOL id, class, first, done: one symbol of context first + X (of `class`) from the
; bit stream into A (clobbers Y, keeps X), unrolled over the code length L = 1..8: code =
; code * 2 + next bit until code >= T[L][ctx]; the symbol is entry code + B[L][ctx] of region
; (class, L). (`first` > 0: the inline copies take X = the letter the context depends on.)
; The operands hold offsets into the work area: patch_decoder points them at W (it finds
; them at fixed offsets from the copy's start: the .asserts below). With `done` blank the
; copy returns with RTS, else it jumps to `done` (with `falls` given, the last handler falls
; through: `done` follows the copy). Each copy costs code bytes, so only the commonest
; symbols get one inline in decode_blob (D, every word; the G of d = 3 words; T4, every word:
; most of the symbols); decode_d, decode_g,
; decode_t and decode_t4 are called (JSR + RTS: 12 cycles a symbol) by its general path and
; by scan.s.
COPY_T_HI       = 12            ; offset of T[1]'s operand high byte in a copy
COPY_STEP       = 13            ; bytes per code bit (the next T operand)
COPY_HANDLERS   = 2 + COPY_STEP * MAX_LENGTH + 1        ; the first handler (length 8)
HANDLER_RTS     = 8             ; bytes per handler: ADC abs,X  TAY  LDA abs,Y  RTS / JMP
HANDLER_JMP     = 10
.macro DECODE_SYMBOL id, class, first, done, falls
        .local  copy
.ident(.sprintf("%s_copy", id)):        ; (decode_g::g_copy, ..: patch_decoder's copy_lo/hi)
copy:   lda     #0
        .repeat ::MAX_LENGTH, I
        asl     bits
        bne     :+
        jsr     refill
:       rol     a
        cmp     a:T_ARRAYS + (I + 1) * STRIDE + first,x
        .assert * - copy = ::COPY_T_HI + 1 + ::COPY_STEP * I, error, "a T operand moved"
        bcs     .ident(.sprintf("%s_f%d", id, I + 1))
        .endrep
        sec                             ; a corrupt stream: take the 8-bit code as found
        .repeat ::MAX_LENGTH, I         ; handlers 8, 1, 2, .. 7 (all within branch reach)
LEN_OF_HANDLER .set (I + ::MAX_LENGTH - 1) .mod ::MAX_LENGTH + 1
.ident(.sprintf("%s_f%d", id, LEN_OF_HANDLER)):
        .ifblank done
        .assert * - copy = ::COPY_HANDLERS + ::HANDLER_RTS * I, error, "a handler moved"
        .else
        .assert * - copy = ::COPY_HANDLERS + ::HANDLER_JMP * I, error, "a handler moved"
        .endif
        adc     a:B_ARRAYS + LEN_OF_HANDLER * STRIDE + first,x
        tay
        lda     a:$0000,y               ; (region (class, L))
        .ifblank done
        rts
        .elseif I < ::MAX_LENGTH - 1 .or .blank(falls)
        jmp     done
        .endif
        .endrep
.endmacro

; READ_BIT: the next bit of the stream into C (for the table builder; A X Y kept).
.macro READ_BIT
        asl     bits
        bne     :+
        jsr     read_refill
:
.endmacro

.segment "CODE"

no_progress:
        rts

; ---------------------------------------------------------------------------------------------
; dict_unpack_in_place: the ctxhuff blob -> table and index, reading the blob where it lies.
; The caller leaves the work area free above the blob: [blob end, W + work size) with W = the
; blob end rounded up to a page (pack.inplace_layout(..., in_place=True) gives the addresses).
; (dict_unpack, in seed/unpack_seed.s and not in the game, first moves the blob down below a
; work area at the blob's end instead.)
; in:  unpack_src -> blob (its header gives its size), unpack_dst -> table (676 + 2 N bytes),
;      unpack_index -> index (1,354 bytes); the blob may overlap the table's upper part as far
;      as pack.inplace_margin(..., in_place=True) allows
; out: table and index written; unpack_src/dst/index clobbered; the work area holds garbage
; clobbers: A X Y; calls unpack_progress_hook (A = 0..255) ~ once per prefix group
.proc dict_unpack_in_place
        ldy     #2                      ; W = (src + size + 255) & $FF00
        lda     (unpack_src),y
        clc
        adc     unpack_src
        php
        iny
        lda     (unpack_src),y
        plp
        adc     unpack_src+1
        sta     work_page
        dey
        lda     (unpack_src),y
        clc
        adc     unpack_src
        beq     :+                      ; (an end on a page boundary is W itself)
        inc     work_page
:       ; (falls through into decode_blob)
.endproc

; decode_blob: the unpack proper, from the blob in place with its work area at W.
; in: unpack_src -> blob, unpack_dst, unpack_index (as dict_unpack_in_place), work_page = W
; out, clobbers: as dict_unpack_in_place
.proc decode_blob
        ldy     #0
        lda     (unpack_src),y
        iny
        ora     (unpack_src),y
        bne     :+
        jsr     start_walk              ; no words
        jsr     start_indexes
        jmp     finish
:       ldy     #HEADER_BYTES           ; the first word, raw; answer flag in bit 7
        lda     #0
        sta     answer
        lda     (unpack_src),y
        asl     a
        rol     answer
        lsr     a
        sta     word
        ldx     #1
@first: iny
        lda     (unpack_src),y
        sta     word,x
        inx
        cpx     #5
        bne     @first
        iny
        tya                             ; the bit stream follows
        clc
        adc     unpack_src
        sta     read_op+1
        lda     unpack_src+1
        adc     #0
        sta     read_op+2
        lda     #$80                    ; empty bit buffer: the first read refills
        sta     bits
        jsr     init_regions
        jsr     patch_decoder
        jsr     build_tables
        jsr     start_walk
        jsr     start_indexes
        ldx     word+2
        lda     entry_hi2,x
        sta     entry_hi2l
        jsr     advance_walk            ; the first word opens its group
        ldx     word+3
        lda     word+4
        jmp     emit_word

finish: lda     #26                     ; walk past ZZ: close every group, index[676] = N
        sta     word
        lda     #0
        sta     word+1
        jsr     advance_walk
        lda     #$FF
        jmp     unpack_progress_hook

general:                                ; A = 2 d + answer, d <= 2
        lsr     a
        tax
        lda     #0
        rol     a
        sta     answer
        stx     first_change
        lda     word,x                  ; G context 2 word[d] + 1
        asl     a
        ora     #1
        tax
        jsr     decode_g
        ldx     first_change
        sec
        adc     word,x
        cmp     #26                     ; the end marker: the first letter steps past Z
        beq     finish
        sta     word,x
        cpx     #1                      ; then the letters after d, from context T + the
        beq     @tail2                  ; letter before
        bcs     @tail3
        clc
        adc     #T_CONTEXTS
        tax
        jsr     decode_t
        sta     word+1
@tail2: clc
        adc     #T_CONTEXTS
        tax
        jsr     decode_t
        sta     word+2
@tail3: ldx     word+2                  ; l2 changed
        lda     entry_hi2,x
        sta     entry_hi2l
        txa
        clc
        adc     #T_CONTEXTS
        tax
        jsr     decode_t
        sta     word+3
        tax                             ; X = l3 (last_letter's context: T4 + l3)
        lda     first_change
        cmp     #2
        bcs     :+
        jsr     advance_walk            ; a new prefix group: close the ones before it
        ldx     word+3
:       jmp     last_letter

got_d:  cmp     #D_LAST_BASE            ; (the D symbol, decoded inline below)
        bcc     short
        sbc     #6                      ; d = 4 (carry set): the new entry low byte is
        clc                             ; entry_lo + sym - 6 (answer bit included)
        adc     entry_lo
        ldy     entry_y
st_lo4: sta     a:$0000,y               ; (entry_ptr: set_entry_stores)
        lsr     a                       ; C = the answer bit
        bcc     :+
        inc     answers_seen
        bne     :+
        inc     answers_seen+1
:       asl     a
        sta     entry_lo
        lda     entry_hi
        jmp     store_hi
short:  cmp     #6                      ; d < 4: 2 d + answer
        bcc     general
        and     #1                      ; d = 3
        sta     answer
        lda     word+3                  ; d = 3: new fourth letter (G context 2 l3 + 1)
        asl     a
        tax
        DECODE_SYMBOL "ge", CLASS_G, G_CONTEXTS, got_g, falls   ; (inline; X = 2 l3)
got_g:  sec
        adc     word+3
        sta     word+3
        tax                             ; then the last letter
last_letter:                            ; X = l3: the T4 symbol (context T4 + l3), inline,
        DECODE_SYMBOL "t4e", CLASS_T4, T4_CONTEXTS, emit_word, falls    ; into emit_word
emit_word:                              ; A = l4, X = l3, entry_hi2l, answer
        asl     a
        ora     entry_lo3,x
        sta     entry_lo
        ora     answer
        ldy     entry_y
st_lo:  sta     a:$0000,y               ; (entry_ptr: set_entry_stores)
        lsr     a                       ; the answer bit, counted here: after advance_walk
        bcc     :+                      ; closed the groups before this word's
        inc     answers_seen
        bne     :+
        inc     answers_seen+1
:       lda     entry_hi2l
        ora     entry_hi3,x
        sta     entry_hi
store_hi:                               ; A = the entry's high byte, Y = entry_y
        iny
st_hi:  sta     a:$0000,y               ; (entry_ptr: set_entry_stores)
        iny
        sty     entry_y
        bne     next_word
        inc     entry_ptr+1             ; the next page (entry_y = 0)
        jsr     set_entry_stores
next_word:
        lda     entry_lo                ; D: context 2 l4 = entry_lo & $3E
        and     #$3E
        tax
        DECODE_SYMBOL "dsym", CLASS_D, 0, got_d    ; (inline: once per word; scan.s calls decode_d)

.endproc


; decode_d, decode_g, decode_t, decode_t4: DECODE_SYMBOL for each class (decode_blob has its own
; D copy inline, once per word; decode_d is for scan.s).
; in: X = context  out: A = symbol  clobbers: Y, C (X kept)
.proc decode_d
        DECODE_SYMBOL "d", CLASS_D, 0
.endproc
.proc decode_g
        DECODE_SYMBOL "g", CLASS_G, 0
.endproc
.proc decode_t
        DECODE_SYMBOL "t", CLASS_T, 0
.endproc
.proc decode_t4
        DECODE_SYMBOL "t4", CLASS_T4, 0
.endproc

.segment "INIT"                         ; start-up only: the table writes reuse it (dict.s)

; patch_decoder: point the DECODE_SYMBOL copies' operands into the work area: T[L] and B[L]
; (their high bytes: W's page + the row's page offset) and each handler's region (class, L).
; in: work_page, region_lo/hi  out: code patched  clobbers: A X Y temp entry_ptr limit
.proc patch_decoder
        ldx     #COPIES - 1
@copy:  lda     copy_lo,x
        sta     temp
        lda     copy_hi,x
        sta     temp+1
        ldy     #COPY_T_HI              ; T[L]'s high byte: W's page + (L - 1) / 2
        lda     #0
@t:     sta     limit                   ; L - 1
        lsr     a
        clc
        adc     work_page
        sta     (temp),y
        tya
        adc     #COPY_STEP              ; (carry clear: no page crossed)
        tay
        lda     limit
        adc     #1
        cmp     #MAX_LENGTH
        bne     @t
        lda     copy_class,x
        sta     limit
        ldy     #COPY_HANDLERS + 2      ; handlers: length 8, then 1 .. 7
        lda     #MAX_LENGTH
@handler:
        sta     limit+1                 ; L
        clc                             ; B[L]'s high byte: W's page + (7 + L) / 2
        adc     #MAX_LENGTH - 1
        lsr     a
        clc
        adc     work_page
        sta     (temp),y
        iny
        iny
        iny                             ; the region's operand: region class * 8 + L - 1
        lda     limit
        clc
        adc     limit+1
        stx     entry_ptr
        tax
        lda     region_lo - 1,x
        sta     (temp),y
        iny
        lda     region_hi - 1,x
        sta     (temp),y
        ldx     entry_ptr
        tya                             ; the next handler's B high byte
        clc
        adc     copy_handler,x
        tay
        lda     limit+1
        and     #MAX_LENGTH - 1         ; (8 -> 0) + 1
        adc     #1                      ; (carry clear)
        cmp     #MAX_LENGTH
        bne     @handler
        dex
        bpl     @copy
        rts
.endproc

; the DECODE_SYMBOL copies: address, region of length 1, handler bytes - 4 (after its region
; operand's high byte to the next handler's B operand's high byte)
COPIES          = 7
copy_lo:        .byte   <decode_blob::dsym_copy, <decode_blob::ge_copy, <decode_blob::t4e_copy
                .byte   <decode_d::d_copy, <decode_g::g_copy, <decode_t::t_copy
                .byte   <decode_t4::t4_copy
copy_hi:        .byte   >decode_blob::dsym_copy, >decode_blob::ge_copy, >decode_blob::t4e_copy
                .byte   >decode_d::d_copy, >decode_g::g_copy, >decode_t::t_copy
                .byte   >decode_t4::t4_copy
copy_class:     .byte   CLASS_D * MAX_LENGTH, CLASS_G * MAX_LENGTH, CLASS_T4 * MAX_LENGTH
                .byte   CLASS_D * MAX_LENGTH, CLASS_G * MAX_LENGTH, CLASS_T * MAX_LENGTH
                .byte   CLASS_T4 * MAX_LENGTH
copy_handler:   .byte   HANDLER_JMP - 4, HANDLER_JMP - 4, HANDLER_JMP - 4, HANDLER_RTS - 4
                .byte   HANDLER_RTS - 4, HANDLER_RTS - 4, HANDLER_RTS - 4

.segment "CODE"

; refill: the bit buffer ran dry (ASL left 0: the marker went out); load the next blob byte.
; The read pointer is the operand of read_op: faster than (zp),y.
; in: C = 1 (the marker, as ASL left it)  out: C = the byte's top bit, bits = the rest +
; marker; A X kept  clobbers: Y
.proc refill
::read_op:
        ldy     a:$0000
        sty     bits
        rol     bits                    ; C = 1 (the marker ASL shifted out) becomes the new one
        inc     read_op+1
        beq     @page
        rts
@page:  inc     read_op+2
        rts
.endproc

.segment "INIT"                         ; start-up only: the table writes reuse it (dict.s)

; read_refill: refill for the table builder (READ_BIT).  out: C = next bit  clobbers: none
; but the bit buffer (A X Y kept)
.proc read_refill
        sty     temp+1
        jsr     refill
        ldy     temp+1
        rts
.endproc


.segment "CODE"


; advance_walk: close prefix groups until the walk reaches word[0], word[1]: write each
; group's count byte (mod 256) and its entries p + 1 of the three indexes (words so far,
; answers so far, the group's end - 256); then report progress. The index entries are written
; at offset index_y from unpack_index, answer_out and lookup_out (their high bytes step as
; index_y wraps); the count bytes through count_store's operand (start_walk sets both).
; in: word, walk, entry_ptr/entry_y, group_start, answers_seen
; out: walk = word's prefix, group_start = words so far, answers_closed = answers_seen
; clobbers: A X Y temp
.proc advance_walk
        lda     entry_ptr               ; words so far = (entry address - entries_start) / 2
        clc
        adc     entry_y
        tay
        sty     group_end               ; the lookup index's entry: the group's end - 256
        lda     entry_ptr+1
        adc     #0
        sta     temp+1
        sbc     #0                      ; (carry clear: - 1)
        sta     group_end+1
        tya
        sec
        sbc     entries_start
        sta     temp
        lda     temp+1
        sbc     entries_start+1
        lsr     a
        sta     temp+1
        ror     temp
        lda     temp                    ; count byte of the group being closed (mod 256)
        sec
        sbc     group_start
        tax
        ldy     index_y                 ; (the last index entry's high byte)
step:   lda     walk+1
        cmp     word+1
        bne     close
        lda     walk
        cmp     word
        beq     done
close:  txa
count_store:
        sta     a:$0000                 ; (the next count byte: start_walk, then + 1)
        inc     count_store+1
        bne     :+
        inc     count_store+2
:       iny                             ; entry p + 1: words, answers, the group's end - 256
        bne     :+
        inc     unpack_index+1
        inc     answer_out+1
        inc     lookup_out+1
:       lda     temp
        sta     (unpack_index),y
        lda     answers_seen
        sta     (answer_out),y
        lda     group_end
        sta     (lookup_out),y
        iny
        lda     temp+1
        sta     (unpack_index),y
        lda     answers_seen+1
        sta     (answer_out),y
        lda     group_end+1
        sta     (lookup_out),y
        lda     progress
        clc
        adc     #96
        sta     progress
        bcc     :+
        inc     progress+1
:       ldx     #0                      ; the groups after the first close empty
        inc     walk+1
        lda     walk+1
        cmp     #26
        bne     step
        stx     walk+1
        inc     walk
        bne     step                   ; (always)
done:   sty     index_y
        lda     answers_seen
        sta     answers_closed
        lda     answers_seen+1
        sta     answers_closed+1
        lda     temp
        sta     group_start
        lda     temp+1
        sta     group_start+1
        lda     progress+1
        jmp     unpack_progress_hook
.endproc

; start_walk: the count/index writer stands at prefix AA with index[0] = 0.
; in: unpack_dst, unpack_index  out: entries_start = dst + 676, entry_ptr/entry_y at it
;     (entry_y even) and the entry stores patched; walk, progress, group_start = 0;
;     index[0] = 0, index_y = 1; advance_walk's count store at unpack_dst
; clobbers: A Y
.proc start_walk
        lda     unpack_dst
        clc
        adc     #<PREFIXES
        sta     entries_start
        tay
        and     #1
        sta     entry_ptr
        tya
        and     #$FE
        sta     entry_y
        lda     unpack_dst+1
        adc     #>PREFIXES
        sta     entries_start+1
        sta     entry_ptr+1
        lda     #0
        sta     walk
        sta     walk+1
        sta     progress
        sta     progress+1
        sta     group_start
        sta     group_start+1
        tay
        sta     (unpack_index),y
        iny
        sta     (unpack_index),y
        sty     index_y                 ; (1: index[0]'s high byte)
        lda     unpack_dst              ; advance_walk's count bytes
        sta     advance_walk::count_store+1
        lda     unpack_dst+1
        sta     advance_walk::count_store+2
        ; (falls through into set_entry_stores)
.endproc

; set_entry_stores: point decode_blob's three entry stores (STA abs,Y) at entry_ptr.
; in: entry_ptr  out: the stores patched  clobbers: A
.proc set_entry_stores
        lda     entry_ptr
        sta     decode_blob::st_lo4+1
        sta     decode_blob::st_lo+1
        sta     decode_blob::st_hi+1
        lda     entry_ptr+1
        sta     decode_blob::st_lo4+2
        sta     decode_blob::st_lo+2
        sta     decode_blob::st_hi+2
        rts
.endproc

; start_indexes: the answer and lookup indexes' first entries (the game's unpack writes them
; as it closes each group, so a closed group can be looked up before the unpack ends): the
; answer index follows the word index at unpack_index + 1,354, the lookup index (lookup.s)
; follows it; answer counting starts at 0.
; in: unpack_index -> index[0], entries_start  out: answer_out, lookup_out at their entry 0
;     (written: 0 and entries_start - 256); answers_seen = answers_closed = 0
; clobbers: A Y
.proc start_indexes
        lda     unpack_index
        clc
        adc     #<INDEX_BYTES
        sta     answer_out
        lda     unpack_index+1
        adc     #>INDEX_BYTES
        sta     answer_out+1
        lda     answer_out
        adc     #<INDEX_BYTES           ; (carry clear: no overflow above)
        sta     lookup_out
        lda     answer_out+1
        adc     #>INDEX_BYTES
        sta     lookup_out+1
        ldy     #0
        tya
        sta     answers_seen
        sta     answers_seen+1
        sta     answers_closed
        sta     answers_closed+1
        sta     (answer_out),y
        lda     entries_start
        sta     (lookup_out),y
        iny
        lda     #0
        sta     (answer_out),y
        lda     entries_start+1
        sbc     #0                      ; (carry clear: - 1)
        sta     (lookup_out),y
        rts
.endproc


.segment "INIT"                         ; start-up only: the table writes reuse it (dict.s)

; init_regions: the symbol regions follow the T and B arrays in the work area, in order, with
; the sizes of the header. in: work_page, unpack_src -> moved header
; out: region_lo/hi = region_start = each region's address  clobbers: A X Y temp
.proc init_regions
        lda     #<WORK_BASE
        sta     temp
        lda     work_page
        clc
        adc     #>WORK_BASE
        sta     temp+1
        ldx     #0
        ldy     #4                      ; the header's region sizes
@region:
        lda     temp
        sta     region_lo,x
        sta     region_start,x
        lda     temp+1
        sta     region_hi,x
        lda     (unpack_src),y
        clc
        adc     temp
        sta     temp
        bcc     :+
        inc     temp+1
:       iny
        inx
        cpx     #REGIONS
        bne     @region
        rts
.endproc

; build_tables: read the 104 contexts' code lengths, append each symbol to its region (class,
; length) and build T and B (up to the context's longest code: a valid stream never reads
; further). in: bit stream at the code lengths, regions initialised  out: tables built
; clobbers: A X Y temp entry_ptr limit
.proc build_tables
        lda     #0
        sta     context
@context:
        lda     context                 ; alphabet: D 58 - c, G (53 - c) / 2, T 26
        cmp     #T_CONTEXTS
        lda     #26
        ldx     #CLASS_T * MAX_LENGTH
        bcc     :+
        ldy     context
        cpy     #T4_CONTEXTS
        bcc     @alphabet
        ldx     #CLASS_T4 * MAX_LENGTH
        bcs     @alphabet               ; (always)
:       lda     context
        lsr     a
        bcs     @g
        ldx     #CLASS_D * MAX_LENGTH
        lda     #58
        sec
        sbc     context
        jmp     @alphabet
@g:     ldx     #CLASS_G * MAX_LENGTH
        lda     #53
        sec
        sbc     context
        lsr     a
@alphabet:
        sta     @last+1
        dex
        stx     class_region            ; (minus 1: region = class_region + L)
        lda     #0
        sta     max_length
        ldx     #MAX_LENGTH
:       sta     slots,x
        dex
        bne     :-
        ldy     #0                      ; per symbol: 1 bit present, 3 bits length - 1
@symbol:
        READ_BIT
        bcc     @next
        lda     #1                      ; marker: three ROLs make it 8 + value
        READ_BIT
        rol     a
        READ_BIT
        rol     a
        READ_BIT
        rol     a
        sbc     #6                      ; (carry clear) length = value + 1
        tax
        inc     slots,x
        cmp     max_length
        bcc     :+
        sta     max_length
:       clc                             ; append the symbol (Y) to region (class, L)
        adc     class_region
        tax
        lda     region_lo,x
        sta     @append+1
        lda     region_hi,x
        sta     @append+2
        tya
@append:
        sta     a:$0000                 ; (the region's next free byte)
        inc     region_lo,x
        bne     @next
        inc     region_hi,x
@next:  iny
@last:  cpy     #0                      ; (the alphabet's size)
        bne     @symbol
        jsr     limits
        inc     context
        lda     context
        cmp     #CONTEXTS
        beq     :+
        jmp     @context
:       rts
.endproc

; limits: for L = 1..max_length: limit = 2 limit - count[L] (from 1; a valid code keeps it
; in 0..255 up to its longest length); T[L][ctx] = limit; B[L][ctx] = (the context's first
; slot in region (class, L)) - limit - 1.
; in: context, class_region, slots = counts, max_length, the regions' fill after the context
; out: T, B written  clobbers: A X Y temp entry_ptr limit
.assert <(T_ARRAYS + STRIDE) = 0 .and <(B_ARRAYS + STRIDE) = 0, error, "rows off a page"
.assert STRIDE = $80, error, "limits steps the rows with EOR #$80"
.proc limits
        lda     #0                      ; entry_ptr -> row T[1], temp -> row B[1]; Y = the
        sta     entry_ptr               ; context (+ STRIDE in the rows of even L)
        sta     temp
        lda     work_page
        clc
        adc     #>(T_ARRAYS + STRIDE)
        sta     entry_ptr+1
        adc     #>(B_ARRAYS - T_ARRAYS)
        sta     temp+1
        lda     #1
        sta     limit
        ldy     context
        ldx     #1
@length:
        lda     limit
        asl     a
        sec
        sbc     slots,x
        sta     limit
        sta     (entry_ptr),y           ; T
        sty     limit+1
        txa                             ; first slot = fill - count - region start
        clc
        adc     class_region
        tay
        lda     region_lo,y
        sec
        sbc     slots,x
        sec
        sbc     region_start,y
        clc
        sbc     limit
        ldy     limit+1
        sta     (temp),y                ; B
        tya                             ; the next rows: + STRIDE, or the next page
        eor     #STRIDE
        tay
        bmi     :+
        inc     entry_ptr+1
        inc     temp+1
:       cpx     max_length
        inx
        bcc     @length
        rts
.endproc
