; persist.s — the statistics and the daily dates played, kept in a file on the drive the game
; was loaded from (device 8..30: the KERNAL's last device, $BA), read at start-up and written
; after each game. The file image is built in a RAM buffer, written with the KERNAL's SAVE and
; read back with its LOAD (secondary address 0: to the buffer): SAVE and LOAD of a RAM range
; work on a real serial bus through the Open ROMs, whose CHROUT and CLOSE to a disk file do not
; (see README, "Statistics on disk"). The old file is scratched ("S0:W64STATS" on the command
; channel) before the SAVE, not replaced with "@0:": Commodore DOS's save-with-replace has a
; long-known bug that can corrupt other files on the disk. The DOS's LOAD"*" loads the file it
; last touched, so after each LOAD and SAVE of ours the game opens and closes the disk's first
; file ("0:*"): a player's LOAD"*",8,1 after Q starts the game again, not the statistics.
; A broken chain ends the Open ROMs' LOAD early without an error, so the game checks the
; length, magic and sum itself.
; Loaded from tape (device 1) nothing is kept, and the menu says so. A missing file (LOAD error
; 4) or a damaged one (wrong magic, short, long, bad checksum) is a fresh start with a note,
; never a crash; any other LOAD or SAVE error: no drive, statistics not kept.
;
; File "W64STATS" (PRG): load address, "W64S", version, the statistics block (stats_played ..
; stats_day), the daily records (daily_data .. daily_data_end), the history's counts
; (history_counts .. history_counts_end), the settings (opt_hard .. opt_end), the history's
; entries in use (history_used bytes: history.s), then the 16-bit sum of those blocks (LE).
; docs/game.md has the byte layout. The file grows with the history: FILE_MAX_BYTES at most.
; It is LOADed to persist_home, in the RAM under the KERNAL ROM (LOAD writes there with the ROM
; in), and read with the ROM out; the history's entries stay where they were loaded
; (history_home). It is SAVEd from persist_buffer, RAM below the I/O: above the dictionary
; table (layout.json table_end, checked by wordle64.build.check_persist_fit) and over ABSRAM,
; both time-shared with Absurdle's scratch: the buffer is used only by persist_save after a
; Wordle game (and Q), never during Absurdle.

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

.import nmi_ignore
.export history_home

KERNAL_SAVE     := $FFD8
NMI_HARDWARE    := $FFFA        ; the CPU's NMI vector (ROM, or the RAM under it)
LAST_DEVICE     := $BA          ; KERNAL: the device of the last LOAD (ours)
FILE_LFN        = 2             ; logical file of the statistics file
SAVE_SA         = 1
READ_SA         = 0
COMMAND_SA      = 15
ERROR_NOT_FOUND = 4             ; LOAD: C = 1, A = 4: no such file
VERSION         = 3             ; 2: the settings block (issue 29); 3: the history (item 4)
VERSION_NO_HISTORY = 2          ; read too: its blocks are this version's but the history's
MAGIC_BYTES     = 5
STATS_BYTES     = stats_day + 3 - stats_played
OPTION_BYTES    = opt_end - opt_hard
DAILY_BYTES     = daily_data_end - daily_data
COUNT_BYTES     = history_counts_end - history_counts
SUM_BYTES       = 2
FIXED_BYTES     = MAGIC_BYTES + STATS_BYTES + DAILY_BYTES + COUNT_BYTES + OPTION_BYTES
FILE_MAX_BYTES  = FIXED_BYTES + HISTORY_BYTES + SUM_BYTES      ; no load address
persist_home    := $E000        ; the file's image as loaded: RAM under the KERNAL ROM
history_home    := persist_home + FIXED_BYTES
counts_in_image := persist_home + MAGIC_BYTES + STATS_BYTES + DAILY_BYTES
persist_buffer  := $D000 - FILE_MAX_BYTES       ; the image SAVEd: RAM below the I/O
NOTE_ROW        = 23
NOTE_NONE       = 0             ; persist_note values
NOTE_KEPT       = 1
NOTE_NEW        = 2
NOTE_DAMAGED    = 3
NOTE_TAPE       = 4
NOTE_NO_DRIVE   = 5
NOTE_SAVED      = 6
MODE_ZERO       = 0             ; walk_all: what is done with each byte of the two blocks
MODE_CHECK      = 1             ; sum the buffer
MODE_LOAD       = 2             ; buffer -> blocks (and sum)
MODE_SAVE       = 3             ; blocks -> buffer, sum
.assert MODE_ZERO = 0, error, "walk_all tests MODE_ZERO with BNE"

.segment "ZEROPAGE"
persist_ptr:    .res 2          ; owned by persist.s: the block byte being read or written
persist_buf:    .res 2          ; owned by persist.s: the buffer byte; SAVE's start pointer

.segment "DATA"
persist_device: .byte   0       ; the drive the statistics live on; 0: not kept
persist_note:   .byte   NOTE_NONE       ; what the menu says about them
persist_left:   .res    2       ; bytes left in the block; after LOAD: where the file ended
persist_sum:    .res    2       ; 16-bit sum of the blocks' bytes
persist_index:  .res    1       ; block being handled
persist_mode:   .res    1       ; MODE_*

.segment "RODATA"
magic:          .byte   $57, "64", $53, VERSION         ; "W64S", version
name_scratch:   .byte   $53                             ; "S0:W64STATS": scratch it
name_write:     .byte   "0:"                            ; "0:W64STATS": SAVE's name
name_read:      .byte   $57, "64", $53, $54, $41, $54, $53
NAME_READ_LEN   = * - name_read
NAME_WRITE_LEN  = * - name_write
NAME_SCRATCH_LEN = * - name_scratch
name_first:     .byte   "0:*"                           ; the disk's first file: the game
NAME_FIRST_LEN  = * - name_first
block_lo:       .byte   <stats_played, <daily_data, <history_counts, <opt_hard, <history_home
block_hi:       .byte   >stats_played, >daily_data, >history_counts, >opt_hard, >history_home
block_len_lo:   .byte   <STATS_BYTES, <DAILY_BYTES, <COUNT_BYTES, <OPTION_BYTES
block_len_hi:   .byte   >STATS_BYTES, >DAILY_BYTES, >COUNT_BYTES, >OPTION_BYTES
BLOCK_OPTIONS   = 3             ; MODE_ZERO stops here: a fresh start keeps the defaults
BLOCK_HISTORY   = * - block_len_hi  ; the last block: history_used bytes long
BLOCKS          = BLOCK_HISTORY + 1
note_colour:    .byte   COLOR_DARK_GREY, COLOR_GREY, COLOR_LIGHT_RED, COLOR_GREY
                .byte   COLOR_LIGHT_RED, COLOR_GREY
notes:                                  ; in NOTE_* order from NOTE_KEPT (str_pick counts them)
                .byte   "STATISTICS LOADED FROM DISK", 0        ; NOTE_KEPT
                .byte   "NO STATISTICS ON DISK: NEW START", 0   ; NOTE_NEW
                .byte   "STATISTICS FILE DAMAGED: NEW START", 0 ; NOTE_DAMAGED
                .byte   "FROM TAPE: STATISTICS ARE NOT KEPT", 0 ; NOTE_TAPE
                .byte   "NO DISK DRIVE: STATISTICS NOT KEPT", 0 ; NOTE_NO_DRIVE
                .byte   "STATISTICS SAVED ON DISK", 0           ; NOTE_SAVED
                .assert note_colour + NOTE_SAVED = notes, error, "a colour a note"

.assert <persist_home = 0, error, "persist.s: the short-file check wants a page-aligned image"
.assert persist_home + FILE_MAX_BYTES <= $FFFA, error, "persist.s: the image reaches the CPU's vectors"
.assert COUNT_BYTES < 128 && OPTION_BYTES + SUM_BYTES < 128, lderror, "persist.s: copied with X"
.assert counts_in_image + COUNT_BYTES = persist_home + FIXED_BYTES - OPTION_BYTES, error, "persist.s: the counts' place in the file"

.segment "INIT"                         ; start-up only (dict.s: the table reuses it later)

; Start-up: choose the drive and LOAD the statistics file; anything wrong: a fresh start.
; in: LAST_DEVICE  out: statistics and daily records loaded or zeroed, persist_note
; clobbers: A X Y
.proc persist_load
        lda     #<nmi_ignore            ; RESTORE while the KERNAL ROM is out (history.s) takes
        sta     NMI_HARDWARE            ; the CPU's vector from the RAM under it
        lda     #>nmi_ignore
        sta     NMI_HARDWARE + 1
        lda     LAST_DEVICE
        cmp     #8
        bcc     @tape
        cmp     #31
        bcs     @tape
        sta     persist_device
        lda     #NOTE_NEW               ; until the magic is read: no file of ours
        sta     persist_note
        lda     #NAME_READ_LEN
        ldx     #<name_read
        ldy     #>name_read
        jsr     KERNAL_SETNAM
        lda     #FILE_LFN
        ldx     persist_device
        ldy     #0                      ; secondary address 0: to X/Y, not the file's address
        jsr     KERNAL_SETLFS
        lda     #0                      ; load, not verify
        ldx     #<persist_home
        ldy     #>persist_home
        jsr     KERNAL_LOAD
        bcc     @loaded
        cmp     #ERROR_NOT_FOUND
        beq     @fresh
        lda     #NOTE_NO_DRIVE
        jsr     not_kept
@fresh: lda     #MODE_ZERO              ; a fresh start: the blocks zeroed, the history empty
        jmp     walk_image
@tape:  lda     #NOTE_TAPE
        jmp     not_kept
@loaded:
        stx     persist_left            ; X/Y: the end of what was loaded
        sty     persist_left + 1
        jsr     touch_game
        jsr     kernal_out
        jsr     check_image
        jsr     kernal_in               ; keeps C
        bcs     @fresh
        lda     #NOTE_KEPT
        sta     persist_note
        rts
.endproc

; Check the file LOADed at persist_home and, if it is good, load its blocks (the KERNAL ROM out).
; in: persist_left = the LOAD's end  out: C = 0 loaded; C = 1 not ours or damaged
;     (persist_note says which)  clobbers: A X Y
.proc check_image
        lda     persist_left + 1
        cmp     #>persist_home
        bne     :+                      ; 256 bytes or more
        lda     persist_left
        cmp     #<(persist_home + MAGIC_BYTES)
        bcc     @not_ours               ; too short for the magic: not our file
:       ldx     #0
@magic: lda     persist_home, x
        cmp     magic, x
        bne     @not_ours
        inx
        cpx     #MAGIC_BYTES - 1
        bne     @magic
        lda     persist_home + MAGIC_BYTES - 1
        cmp     #VERSION
        beq     @ours
        cmp     #VERSION_NO_HISTORY     ; a file of the game before the history: made one of
        bne     @not_ours               ; this version with an empty history, the sum the same
        ldx     #<(OPTION_BYTES + SUM_BYTES - 1)
:       lda     counts_in_image, x
        sta     counts_in_image + COUNT_BYTES, x
        dex
        bpl     :-
        ldx     #<(COUNT_BYTES - 1)
        lda     #0
:       sta     counts_in_image, x
        dex
        bpl     :-
        lda     persist_left
        clc
        adc     #<COUNT_BYTES
        sta     persist_left
        bcc     @ours
        inc     persist_left + 1
        bne     @ours                   ; always (the end lies in $E000-$FFFF)
@not_ours:
        sec
        rts
@ours:  lda     #NOTE_DAMAGED           ; from here on a failure is a damaged file
        sta     persist_note
        ldx     #<(COUNT_BYTES - 1)     ; the history's counts first: they give the length
:       lda     counts_in_image, x
        sta     history_counts, x
        dex
        bpl     :-
        lda     history_used            ; at most HISTORY_BYTES in use
        cmp     #<(HISTORY_BYTES + 1)
        lda     history_used + 1
        sbc     #>(HISTORY_BYTES + 1)
        bcs     @bad
        lda     history_next            ; the next entry inside the ring
        cmp     #<HISTORY_BYTES
        lda     history_next + 1
        sbc     #>HISTORY_BYTES
        bcs     @bad
        lda     history_used            ; the file ends after the entries in use and the sum
        clc
        adc     #<(persist_home + FIXED_BYTES + SUM_BYTES)
        tax
        lda     history_used + 1
        adc     #>(persist_home + FIXED_BYTES + SUM_BYTES)
        cpx     persist_left
        bne     @bad
        cmp     persist_left + 1
        bne     @bad
        lda     #MODE_CHECK
        jsr     walk_image
        bcs     @bad
        lda     #MODE_LOAD
        jmp     walk_image              ; C = 0: the same sum
@bad:   sec
        rts
.endproc

.segment "CODE"

; Write the statistics file (nothing when they are not kept): the image built in the buffer,
; then SAVE "@0:W64STATS". A drive that fails is not tried again: the menu then says
; statistics are not kept.
; in: persist_device  out: written  clobbers: A X Y
.proc persist_save
        lda     persist_device
        beq     @done
        jsr     dict_finish             ; the buffer lies in the unpacker's work area
        ldx     #MAGIC_BYTES - 1
:       lda     magic, x
        sta     persist_buffer, x
        dex
        bpl     :-
        jsr     kernal_out              ; the history's entries are under the ROM
        lda     #MODE_SAVE
        ldx     #<(persist_buffer + MAGIC_BYTES)
        ldy     #>(persist_buffer + MAGIC_BYTES)
        jsr     walk_all
        jsr     kernal_in
        lda     persist_buf             ; the end: after the sum
        clc
        adc     #SUM_BYTES
        sta     persist_left
        lda     persist_buf + 1
        adc     #0
        sta     persist_left + 1
:       jsr     KERNAL_STOP             ; the serial SAVE stops at a held RUN/STOP (the key
        beq     :-                      ; that may have ended the game): wait for it up
        lda     #NAME_SCRATCH_LEN
        ldx     #<name_scratch
        ldy     #>name_scratch
        jsr     KERNAL_SETNAM
        ldy     #COMMAND_SA
        jsr     open_close              ; no old file: 62 on the error channel, unread
        lda     #NAME_WRITE_LEN
        ldx     #<name_write
        ldy     #>name_write
        jsr     KERNAL_SETNAM
        lda     #FILE_LFN
        ldx     persist_device
        ldy     #SAVE_SA
        jsr     KERNAL_SETLFS
        lda     #<persist_buffer
        sta     persist_buf
        lda     #>persist_buffer
        sta     persist_buf + 1
        lda     #persist_buf            ; A: the zero-page pointer to the start
        ldx     persist_left
        ldy     persist_left + 1
        jsr     KERNAL_SAVE
        bcc     saved
        lda     #NOTE_NO_DRIVE
        jmp     not_kept
@done:  rts
.endproc

; After a good SAVE: the menu's note says the file is there now (a "new start" note would stay
; wrong until the next start-up, issue 29 item 10), and the game is the DOS's last file again.
; in: nothing  out: persist_note = NOTE_SAVED  clobbers: A X Y
.proc saved
        lda     #NOTE_SAVED
        sta     persist_note
        ; falls through into touch_game
.endproc

; Open and close the disk's first file, so the DOS's "last file" (LOAD"*") is the game.
; in: persist_device  out: nothing  clobbers: A X Y
.proc touch_game
        lda     #NAME_FIRST_LEN
        ldx     #<name_first
        ldy     #>name_first
        jsr     KERNAL_SETNAM
        ldy     #READ_SA
        ; falls through into open_close
.endproc

; Open a file of the name set with SETNAM on persist_device, then close it (on the command
; channel the OPEN sends the name as a DOS command). Errors are ignored: the next LOAD or SAVE
; reports a drive that is not there.
; in: Y = secondary address  out: nothing  clobbers: A X Y
.proc open_close
        lda     #FILE_LFN
        ldx     persist_device
        jsr     KERNAL_SETLFS
        jsr     KERNAL_OPEN
        lda     #FILE_LFN
        jmp     KERNAL_CLOSE
.endproc
.assert saved + 5 = touch_game, error, "saved falls through into touch_game"
.assert touch_game + 11 = open_close, error, "touch_game falls through into open_close"

; Statistics not kept from now on, and the menu's note says why.
; in: A = NOTE_*  out: persist_note = A, persist_device = 0  clobbers: A
.proc not_kept
        sta     persist_note
        lda     #0
        sta     persist_device
        rts
.endproc

; walk_all at the image LOADed under the KERNAL ROM.
; in: A = MODE_ZERO, MODE_CHECK or MODE_LOAD (the latter two with the ROM out)  out, clobbers:
;     as walk_all
.proc walk_image
        ldx     #<(persist_home + MAGIC_BYTES)
        ldy     #>(persist_home + MAGIC_BYTES)
        ; falls through into walk_all
.endproc

; Walk the blocks and the buffer after the magic, byte by byte, doing persist_mode's job:
; MODE_SAVE copies the block byte to the buffer first; then every mode reads the buffer byte and
; sums it, MODE_LOAD stores it in the block, MODE_ZERO stores 0 there (its sum is not used) and
; stops before the settings. Then MODE_SAVE stores the sum after the blocks; MODE_CHECK and
; MODE_LOAD compare it with the one there. The history's block is history_used bytes long; with
; MODE_SAVE its entries are read under the KERNAL ROM: the caller switches it out.
; in: A = MODE_*, X/Y = the buffer after the magic  out: C = 1 the sums differ (MODE_CHECK,
;     MODE_LOAD); persist_buf -> the sum  clobbers: A X Y
.proc walk_all
        sta     persist_mode
        stx     persist_buf
        sty     persist_buf + 1
        lda     #0
        sta     persist_index
        sta     persist_sum
        sta     persist_sum + 1
@block: ldx     persist_index
        lda     block_lo, x
        sta     persist_ptr
        lda     block_hi, x
        sta     persist_ptr + 1
        cpx     #BLOCK_HISTORY
        bne     @fixed
        lda     history_used
        ldy     history_used + 1
        bcs     @length                 ; always (cpx: equal)
@fixed: lda     block_len_lo, x
        ldy     block_len_hi, x
@length:
        sta     persist_left
        sty     persist_left + 1
@byte:  lda     persist_left
        ora     persist_left + 1
        beq     @next
        ldy     #0
        ldx     persist_mode
        cpx     #MODE_SAVE
        bne     :+
        lda     (persist_ptr), y
        sta     (persist_buf), y
:       lda     (persist_buf), y
        cpx     #MODE_ZERO
        bne     :+
        tya
:       cpx     #MODE_CHECK
        beq     :+
        sta     (persist_ptr), y        ; MODE_SAVE: the byte it holds
:       clc
        adc     persist_sum
        sta     persist_sum
        bcc     :+
        inc     persist_sum + 1
:       inc     persist_ptr
        bne     :+
        inc     persist_ptr + 1
:       inc     persist_buf
        bne     :+
        inc     persist_buf + 1
:       lda     persist_left
        bne     :+
        dec     persist_left + 1
:       dec     persist_left
        jmp     @byte
@next:  inc     persist_index
        lda     persist_index
        cmp     #BLOCKS
        beq     @sum
        cmp     #BLOCK_OPTIONS
        bne     @block
        ldx     persist_mode
        bne     @block                  ; (MODE_ZERO = 0)
        rts
@sum:   ldy     #0
        lda     persist_sum
        ldx     persist_mode
        cpx     #MODE_SAVE
        bne     @compare
        sta     (persist_buf), y
        lda     persist_sum + 1
        iny
        sta     (persist_buf), y
        rts
@compare:
        cmp     (persist_buf), y
        bne     @differ
        lda     persist_sum + 1
        iny
        cmp     (persist_buf), y
        bne     @differ
        clc
        rts
@differ:
        sec
        rts
.endproc
.assert walk_image + 4 = walk_all, error, "walk_image falls through into walk_all"

; The menu's line about the statistics file.
; in: persist_note  out: printed on NOTE_ROW  clobbers: A X Y
.proc persist_show_note
        ldx     persist_note
        beq     @done
        lda     note_colour - 1, x
        sta     text_colour
        dex                             ; notes: NOTE_KEPT first
        lda     #<(notes - 1)
        ldy     #>(notes - 1)
        jsr     str_pick
        ldx     #3
        ldy     #NOTE_ROW
        jsr     set_cursor
        jmp     print_str
@done:  rts
.endproc

