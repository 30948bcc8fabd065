; persist.s — the statistics and the daily dates played, kept in a file on the drive the game
; was loaded from (device 8..30: the KERNAL's last device, $BA), read at start-up and written
; after each game through the KERNAL's SETLFS / SETNAM / OPEN / CHKIN / CHKOUT / CHRIN / CHROUT.
; Loaded from tape (device 1) nothing is kept, and the menu says so. A missing or damaged file
; (wrong magic, short, long, bad checksum) is a fresh start with a note, never a crash.
;
; File "W64STATS" (SEQ): "W64S", version, the statistics block (stats_played .. stats_day), the
; daily records (daily_data .. daily_data_end), then the 16-bit sum of those two blocks (LE).

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

KERNAL_READST   := $FFB7
KERNAL_OPEN     := $FFC0
KERNAL_CLOSE    := $FFC3
KERNAL_CHKIN    := $FFC6
KERNAL_CHKOUT   := $FFC9
KERNAL_CLRCHN   := $FFCC
LAST_DEVICE     := $BA          ; KERNAL: the device of the last LOAD (ours)
FILE_LFN        = 2             ; logical file and secondary address of the statistics file
FILE_SA         = 2
ST_EOF          = $40
VERSION         = 1
MAGIC_BYTES     = 5
NOTE_ROW        = 23
NOTE_NONE       = 0             ; persist_note values
NOTE_KEPT       = 1
NOTE_NEW        = 2
NOTE_DAMAGED    = 3
NOTE_TAPE       = 4
NOTE_NO_DRIVE   = 5

.segment "ZEROPAGE"
persist_ptr:    .res 2          ; owned by persist.s: the byte being read or written

.segment "DATA"
persist_device: .byte   0       ; the drive the statistics live on; 0: not kept
persist_note:   .byte   NOTE_NONE       ; what the menu says about them
persist_left:   .res    2       ; bytes left in the block
persist_sum:    .res    2       ; 16-bit sum of the blocks' bytes
persist_sp:     .res    1       ; the stack at load start: a failed read unwinds to it
persist_index:  .res    1       ; magic byte / block being handled

.segment "RODATA"
magic:          .byte   $57, "64", $53, VERSION         ; "W64S", version
name_read:      .byte   $57, "64", $53, $54, $41, $54, $53, ",", $53, ",", $52
NAME_READ_LEN   = * - name_read
name_write:     .byte   "@0:", $57, "64", $53, $54, $41, $54, $53, ",", $53, ",", $57
NAME_WRITE_LEN  = * - name_write
block_lo:       .byte   <stats_played, <daily_data
block_hi:       .byte   >stats_played, >daily_data
block_len_lo:   .byte   <(stats_day + 3 - stats_played), <(daily_data_end - daily_data)
block_len_hi:   .byte   >(stats_day + 3 - stats_played), >(daily_data_end - daily_data)
note_lo:        .lobytes note_kept - 1, note_new - 1, note_damaged - 1, note_tape - 1
                .lobytes note_no_drive - 1
note_hi:        .hibytes note_kept - 1, note_new - 1, note_damaged - 1, note_tape - 1
                .hibytes note_no_drive - 1
note_colour:    .byte   COLOR_DARK_GREY, COLOR_GREY, COLOR_LIGHT_RED, COLOR_GREY
                .byte   COLOR_LIGHT_RED
note_kept:      .byte   "STATISTICS LOADED FROM DISK", 0
note_new:       .byte   "NO STATISTICS ON DISK: NEW START", 0
note_damaged:   .byte   "STATISTICS FILE DAMAGED: NEW START", 0
note_tape:      .byte   "FROM TAPE: STATISTICS ARE NOT KEPT", 0
note_no_drive:  .byte   "NO DISK DRIVE: STATISTICS NOT KEPT", 0

.segment "CODE"

; Start-up: choose the drive and read the statistics file; anything wrong: a fresh start.
; in: LAST_DEVICE  out: statistics and daily records loaded or zeroed, persist_note
; clobbers: A X Y
.proc persist_load
        lda     LAST_DEVICE
        cmp     #8
        bcc     @to_tape
        cmp     #31
        bcc     :+
@to_tape:
        jmp     @tape
:       sta     persist_device
        tsx                             ; a failed read unwinds to here and returns
        stx     persist_sp
        lda     #NOTE_NEW               ; until the magic is read: no file of ours
        sta     persist_note
        lda     #NAME_READ_LEN
        ldx     #<name_read
        ldy     #>name_read
        jsr     open_file
        bcs     @no_drive
        ldx     #FILE_LFN
        jsr     KERNAL_CHKIN
        bcs     @fail
        ldx     #0
@magic: stx     persist_index
        jsr     get_byte
        ldx     persist_index
        cmp     magic, x
        bne     @fail
        inx
        cpx     #MAGIC_BYTES
        bne     @magic
        lda     #NOTE_DAMAGED           ; from here on a failure is a damaged file
        sta     persist_note
        jsr     walk_start
@block: jsr     walk_block
@byte:  jsr     walk_more
        beq     @next
        jsr     get_byte
        ldy     #0
        sta     (persist_ptr), y
        jsr     add_sum
        jsr     walk_step
        jmp     @byte
@next:  inc     persist_index
        lda     persist_index
        cmp     #2
        bne     @block
        jsr     get_byte                ; the sum, low byte
        cmp     persist_sum
        bne     @fail
        jsr     get_byte                ; high byte: the file must end with it
        cmp     persist_sum + 1
        bne     @fail
        jsr     KERNAL_READST
        cmp     #ST_EOF
        bne     @fail
        lda     #NOTE_KEPT
        sta     persist_note
        jmp     close_file
@fail:  jmp     failed
@tape:  lda     #NOTE_TAPE
        sta     persist_note
        lda     #0
        sta     persist_device
        rts
@no_drive:
        lda     #NOTE_NO_DRIVE
        sta     persist_note
        lda     #0
        sta     persist_device
        jmp     close_file
.endproc

; A failed read (persist_note says why): back to persist_load's caller with both blocks zeroed.
; in: persist_sp  out: a fresh start, the file closed  clobbers: A X Y
.proc failed
        ldx     persist_sp
        txs
        jsr     walk_start
@block: jsr     walk_block
@byte:  jsr     walk_more
        beq     @next
        lda     #0
        tay
        sta     (persist_ptr), y
        jsr     walk_step
        jmp     @byte
@next:  inc     persist_index
        lda     persist_index
        cmp     #2
        bne     @block
        ; fall through
.endproc

; in: nothing  out: channels back to keyboard and screen, the file closed  clobbers: A X Y
.proc close_file
        jsr     KERNAL_CLRCHN
        lda     #FILE_LFN
        jmp     KERNAL_CLOSE
.endproc

; One byte of the file; a read past its end (or any error) fails the load.
; in: the file as input  out: A = byte  clobbers: A
.proc get_byte
        jsr     KERNAL_READST           ; status of the byte before: end or error -> failed
        bne     failed
        jmp     KERNAL_CHRIN
.endproc

; Write the statistics file (nothing when they are not kept). A drive that fails is not tried
; again: the menu then says statistics are not kept.
; in: persist_device  out: written  clobbers: A X Y
.proc persist_save
        lda     persist_device
        beq     @done
        lda     #NAME_WRITE_LEN
        ldx     #<name_write
        ldy     #>name_write
        jsr     open_file
        bcs     @fail
        ldx     #FILE_LFN
        jsr     KERNAL_CHKOUT
        bcs     @fail
        ldx     #0
@magic: lda     magic, x
        jsr     KERNAL_CHROUT
        inx
        cpx     #MAGIC_BYTES
        bne     @magic
        jsr     walk_start
@block: jsr     walk_block
@byte:  jsr     walk_more
        beq     @next
        ldy     #0
        lda     (persist_ptr), y
        jsr     add_sum
        jsr     KERNAL_CHROUT
        jsr     walk_step
        jmp     @byte
@next:  inc     persist_index
        lda     persist_index
        cmp     #2
        bne     @block
        lda     persist_sum
        jsr     KERNAL_CHROUT
        lda     persist_sum + 1
        jsr     KERNAL_CHROUT
        jmp     close_file
@fail:  lda     #NOTE_NO_DRIVE
        sta     persist_note
        lda     #0
        sta     persist_device
        jmp     close_file
@done:  rts
.endproc

; The menu's line about the statistics file.
; in: persist_note  out: printed on NOTE_ROW  clobbers: A X Y
.proc persist_show_note
        ldx     persist_note
        beq     @done
        lda     note_lo - 1, x
        sta     str_ptr
        lda     note_hi - 1, x
        sta     str_ptr + 1
        ldx     #3
        ldy     #NOTE_ROW
        jsr     set_cursor
        ldx     persist_note
        lda     note_colour - 1, x
        sta     text_colour
        jmp     print_str
@done:  rts
.endproc

; SETNAM, SETLFS (FILE_LFN, persist_device, FILE_SA), OPEN.
; in: A = name length, X/Y = name  out: C = 1 failed  clobbers: A X Y
.proc open_file
        jsr     KERNAL_SETNAM
        lda     #FILE_LFN
        ldx     persist_device
        ldy     #FILE_SA
        jsr     KERNAL_SETLFS
        jmp     KERNAL_OPEN
.endproc

; ---- walking the two blocks byte by byte ----
; in: nothing  out: persist_index = 0, persist_sum = 0  clobbers: A
.proc walk_start
        lda     #0
        sta     persist_index
        sta     persist_sum
        sta     persist_sum + 1
        rts
.endproc

; in: persist_index = block 0..1  out: persist_ptr, persist_left  clobbers: A X
.proc walk_block
        ldx     persist_index
        lda     block_lo, x
        sta     persist_ptr
        lda     block_hi, x
        sta     persist_ptr + 1
        lda     block_len_lo, x
        sta     persist_left
        lda     block_len_hi, x
        sta     persist_left + 1
        rts
.endproc

; in: persist_left  out: Z = 1 when the block is done  clobbers: A
.proc walk_more
        lda     persist_left
        ora     persist_left + 1
        rts
.endproc

; in: persist_ptr, persist_left  out: the next byte  clobbers: nothing (flags)
.proc walk_step
        inc     persist_ptr
        bne     :+
        inc     persist_ptr + 1
:       pha
        lda     persist_left
        bne     :+
        dec     persist_left + 1
:       dec     persist_left
        pla
        rts
.endproc

; in: A  out: persist_sum += A  clobbers: nothing (flags)
.proc add_sum
        pha
        clc
        adc     persist_sum
        sta     persist_sum
        bcc     :+
        inc     persist_sum + 1
:       pla
        rts
.endproc
