; unpack_seed.s — the seed codec's decoder (the original game's per-prefix 1/2-byte deltas),
; kept as the baseline the ctxhuff codec is measured against. It is not part of the game: the
; build links it, with the ctxhuff decoders it shares start_walk and the zero page with (the
; .include below), into the validation-only PRG results/build/unpack-seed.prg, which the unpack
; validation, the unpack benchmark and the tests run (wordle64.pack.assemble_unpacker).
; Assemble with -I workflow/asm.

.include "unpack.s"

.export dict_unpack_seed

.segment "ZEROPAGE"

overflow:       .res 2          ; next overflow record (prefix lo, hi, count >> 8)

.segment "BSS"

records:        .res 1          ; overflow records left
prefix:         .res 2          ; current prefix 0..675
left:           .res 2          ; entries left in the group
value:          .res 2          ; running entry value

.segment "CODE"

; dict_unpack_seed: the seed (baseline) blob -> table and index.
; in:  unpack_src -> seed blob, unpack_dst -> table, unpack_index -> index; the table may
;      overlap the blob only as far as pack.inplace_margin("seed", ...) allows
; out: table and index written; unpack_src/dst/index advanced (clobbered)
; clobbers: A X Y; calls unpack_progress_hook (A = 0..252) every fourth prefix, then with 255
.proc dict_unpack_seed
        jsr     start_walk
        lda     entries_start           ; entries through entry_ptr, Y = 0
        sta     entry_ptr
        ldy     #0                      ; the 676 count bytes go into the table as they are
        ldx     #>PREFIXES
@page:  lda     (unpack_src),y
        sta     (unpack_dst),y
        iny
        bne     @page
        inc     unpack_src+1
        inc     unpack_dst+1
        dex
        bne     @page
@rest:  lda     (unpack_src),y
        sta     (unpack_dst),y
        iny
        cpy     #<PREFIXES
        bne     @rest
        lda     unpack_dst+1            ; dst back to the first count byte
        sec
        sbc     #>PREFIXES
        sta     unpack_dst+1
        tya                             ; overflow list: k, then k records of 3 bytes
        clc
        adc     unpack_src
        sta     overflow
        lda     unpack_src+1
        adc     #0
        sta     overflow+1
        ldy     #0
        lda     (overflow),y
        sta     records
        inc     overflow
        bne     :+
        inc     overflow+1
:       lda     records                 ; the deltas start 3 k bytes further
        asl     a
        sta     temp
        lda     #0
        rol     a
        sta     temp+1
        lda     temp
        clc
        adc     records
        bcc     :+
        inc     temp+1
        clc
:       adc     overflow
        sta     unpack_src
        lda     temp+1
        adc     overflow+1
        sta     unpack_src+1
        lda     #0
        sta     prefix
        sta     prefix+1
@prefix:                                ; count = table's low byte + the overflow high byte
        ldy     #0
        lda     (unpack_dst),y
        sta     left
        sty     left+1
        lda     records
        beq     @counted
        lda     (overflow),y
        cmp     prefix
        bne     @counted
        iny
        lda     (overflow),y
        cmp     prefix+1
        bne     @counted
        iny
        lda     (overflow),y
        sta     left+1
        dec     records
        lda     overflow
        clc
        adc     #3
        sta     overflow
        bcc     @counted
        inc     overflow+1
@counted:
        lda     #0
        sta     value
        sta     value+1
@entry: lda     left
        ora     left+1
        bne     :+
        jmp     @close
:       lda     left
        bne     :+
        dec     left+1
:       dec     left
@delta: ldy     #0
        lda     (unpack_src),y
        bmi     @long
        clc
        adc     value
        sta     value
        bcc     :+
        inc     value+1
:       inc     unpack_src
        bne     @store
        inc     unpack_src+1
        bne     @store                  ; always
@long:  and     #$7F                    ; 1ddddddd dddddddd, or $80 $00 = + 32,768
        sta     temp+1
        iny
        lda     (unpack_src),y
        sta     temp
        lda     unpack_src
        clc
        adc     #2
        sta     unpack_src
        bcc     :+
        inc     unpack_src+1
:       lda     temp
        ora     temp+1
        bne     @add
        lda     value+1
        eor     #$80                    ; the escape: add 32,768, no entry yet
        sta     value+1
        jmp     @delta
@add:   lda     temp
        clc
        adc     value
        sta     value
        lda     temp+1
        adc     value+1
        sta     value+1
@store: ldy     #0
        lda     value
        sta     (entry_ptr),y
        iny
        lda     value+1
        sta     (entry_ptr),y
        lda     entry_ptr
        clc
        adc     #2
        sta     entry_ptr
        bcc     :+
        inc     entry_ptr+1
:       jmp     @entry
@close: lda     entry_ptr               ; index[p + 1] = words so far
        sec
        sbc     entries_start
        sta     temp
        lda     entry_ptr+1
        sbc     entries_start+1
        lsr     a
        sta     temp+1
        ror     temp
        lda     unpack_index
        clc
        adc     #2
        sta     unpack_index
        bcc     :+
        inc     unpack_index+1
:       ldy     #0
        lda     temp
        sta     (unpack_index),y
        iny
        lda     temp+1
        sta     (unpack_index),y
        inc     unpack_dst
        bne     :+
        inc     unpack_dst+1
:       lda     prefix                  ; progress every fourth prefix: (p / 4) * 1.5
        and     #3
        bne     @next
        lda     prefix+1
        sta     temp+1
        lda     prefix
        lsr     temp+1
        ror     a
        lsr     temp+1
        ror     a
        sta     temp
        lsr     a
        clc
        adc     temp
        jsr     unpack_progress_hook
@next:  inc     prefix
        bne     :+
        inc     prefix+1
:       lda     prefix
        cmp     #<PREFIXES
        beq     :+
        jmp     @prefix
:       lda     prefix+1
        cmp     #>PREFIXES
        beq     :+
        jmp     @prefix
:       lda     #$FF
        jmp     unpack_progress_hook
.endproc
