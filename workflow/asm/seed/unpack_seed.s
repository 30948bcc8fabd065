; unpack_seed.s — the decoders the game does not carry: dict_unpack_seed, the seed codec's
; decoder (the original game's per-prefix 1/2-byte deltas), kept as the baseline the ctxhuff
; codec is measured against, and dict_unpack, ctxhuff for a blob anywhere (it moves the blob
; below its own work area first; the game's dict_init places the blob so that
; dict_unpack_in_place needs no move). The build links them, with the ctxhuff decoder they share
; start_walk, decode_blob and the zero page with (the .include below), into the validation-only
; PRG results/build/unpack-seed.prg, which the unpack validation, the unpack benchmark and the
; tests run (wordle64.pack.assemble_unpacker). Assemble with -I workflow/asm.

.include "unpack.s"

.export dict_unpack, dict_unpack_seed

.segment "ZEROPAGE"

overflow:       .res 2          ; next overflow record (prefix lo, hi, count >> 8)

.segment "BSS"

records:        .res 1          ; overflow records left
prefix:         .res 2          ; current prefix 0..675
left:           .res 2          ; entries left in the group
value:          .res 2          ; running entry value

.segment "CODE"

; dict_unpack: the ctxhuff blob -> table and index.
; in:  unpack_src -> blob (its header gives its size), unpack_dst -> table (676 + 2 N bytes),
;      unpack_index -> index (1,354 bytes); the blob may overlap the table's upper part as far
;      as pack.inplace_margin allows: it is moved down to end at W (see the banner) and read
;      forwards from there
; out: table and index written; unpack_src/dst/index clobbered; the work area
;      [W, W + work size) and the moved blob below it hold garbage
; clobbers: A X Y; calls unpack_progress_hook (A = 0..255) ~ once per prefix group
.proc dict_unpack
        ldy     #2                      ; header: N, size, region sizes
        lda     (unpack_src),y
        sta     temp                    ; size
        iny
        lda     (unpack_src),y
        sta     temp+1
        lda     #<WORK_BASE             ; work size = WORK_BASE + region sizes
        sta     limit
        lda     #>WORK_BASE
        sta     limit+1
@size:  iny
        lda     (unpack_src),y
        clc
        adc     limit
        sta     limit
        bcc     :+
        inc     limit+1
:       cpy     #HEADER_BYTES - 1
        bne     @size
        lda     unpack_src              ; W = (src + size - work size) & $FF00
        clc
        adc     temp
        tax
        lda     unpack_src+1
        adc     temp+1
        tay
        txa
        sec
        sbc     limit
        tya
        sbc     limit+1
        sta     work_page
        jsr     move_blob_down
        jmp     decode_blob
.endproc

; move_blob_down: copy the blob (temp = size) from unpack_src to W - size, forwards (the
; destination is lower): whole pages through self-modified absolute operands, four bytes per
; loop (~12 cycles a byte), then the rest through zero-page pointers.
; in: unpack_src, temp, work_page  out: unpack_src = W - size  clobbers: A X Y entry_ptr
.proc move_blob_down
        lda     unpack_src
        sta     entry_ptr               ; (the source, for the last partial page)
        sta     @l0+1
        sta     @l1+1
        sta     @l2+1
        sta     @l3+1
        lda     unpack_src+1
        sta     @l0+2
        sta     @l1+2
        sta     @l2+2
        sta     @l3+2
        lda     #0                      ; destination = W - size
        sec
        sbc     temp
        sta     unpack_src
        sta     @s0+1
        sta     @s1+1
        sta     @s2+1
        sta     @s3+1
        lda     work_page
        sbc     temp+1
        sta     unpack_src+1
        sta     @s0+2
        sta     @s1+2
        sta     @s2+2
        sta     @s3+2
        ldy     #0
        ldx     temp+1                  ; whole pages
        beq     @tail
@page:
@l0:    lda     a:$0000,y
@s0:    sta     a:$0000,y
        iny
@l1:    lda     a:$0000,y
@s1:    sta     a:$0000,y
        iny
@l2:    lda     a:$0000,y
@s2:    sta     a:$0000,y
        iny
@l3:    lda     a:$0000,y
@s3:    sta     a:$0000,y
        iny
        bne     @page
        inc     @l0+2
        inc     @s0+2
        inc     @l1+2
        inc     @s1+2
        inc     @l2+2
        inc     @s2+2
        inc     @l3+2
        inc     @s3+2
        dex
        bne     @page
@tail:  lda     @l0+2                   ; the last partial page: source and destination
        sta     entry_ptr+1             ; pages as the loop left them
        lda     @s0+2
        sta     temp+1
        lda     unpack_src
        pha
        sta     unpack_src              ; (low bytes never change)
        lda     unpack_src+1
        pha
        lda     temp+1
        sta     unpack_src+1
@byte:  cpy     temp
        beq     @done
        lda     (entry_ptr),y
        sta     (unpack_src),y
        iny
        bne     @byte
@done:  pla
        sta     unpack_src+1
        pla
        sta     unpack_src
        rts
.endproc

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
