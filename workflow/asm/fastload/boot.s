; boot.s — the fast disk's first file, WORDLE64: LOAD"*",8,1 (it starts itself) or
; LOAD"WORDLE64",8 and RUN. It has the DOS load and start drive.s (the "&" command with the disk's
; file &W64DRIVE) and receives the fast file, W64FAST, block by block, two bits at a time with
; interrupts off and the screen blanked. The boot file is only the loader's first part (LOADER),
; one block: what must be in before the drive answers. It runs where LOAD"*",8,1 puts it. The
; second part (LOADER2) is the fast file's first two blocks: the first part takes the first, which
; moves itself to its place and takes the second; then come the game's blocks. Assembled with
; SCREEN_ON = 1 (the disk's WORDLE64 SCREEN, fastload-screen.cfg) it keeps the screen on, each
; byte then waiting for a raster line clear of the VIC's bad lines; that boot file brings both
; parts, moves them above the game, and drops the fast file's copy of the second. Once the game's
; depacker is in, the game's packed stream and its blob go where the depacker wants them, and it
; unpacks while the rest arrives (stream.inc); then the game starts as its own RUN would. A drive
; that does not answer (not a 1541 or 1571, an SD2IEC, an emulator's virtual drive) gets the
; KERNAL's LOAD of W64GAME instead, with a line on screen; a bad block ends in a message, never a
; wrong game.

.setcpu "6502"
.include "c64.inc"
.include "fastload.inc"
.include "stream.inc"

.import __LOADER_LOAD__, __LOADER_RUN__, __LOADER_SIZE__, __LOADER2_LOAD__, __LOADER2_RUN__
.import __LOADER2_SIZE__

LAST_DEVICE     := $BA          ; the device we were loaded from
OPEN_FILES      := $98          ; the KERNAL's count of open files
VARTAB          := $2D          ; BASIC: end of the program (LOAD sets it)
LOAD_END        := $AE          ; KERNAL: end of the last LOAD
BUS_RELEASED    = $00           ; CIA2_PRA: our lines free, VIC bank 3 (unseen: the screen off);
                                ; fastload counts on 0
BUS_PULL_CLK    = $10
BUS_IDLE        = $07           ; the KERNAL's own after a command: every line free, VIC bank 0
BANK_0          = $03           ; VIC bank 0 in CIA2_PRA's bits 0-1 (the screen on)
SCREEN_SHOWN    = $1B           ; VIC_CTRL1 as BASIC keeps it: 25 rows, YSCROLL 3, screen on
SCREEN_BLANK    = SCREEN_SHOWN & $EF
.ifndef SCREEN_ON
SCREEN_ON       = 0             ; 1: the screen stays on (ca65 -D SCREEN_ON=1)
.endif
BUS_BANK        = SCREEN_ON * BANK_0    ; CIA2_PRA's bits 0-1 in our writes
BASIC_ERROR     := $0300        ; BASIC: its error handler's vector (X = the error)
BASIC_STROUT    := $AB1E        ; BASIC: print the string at A/Y, up to a 0
BASIC_LOAD_ERROR = 29           ; ?LOAD  ERROR
GAME_START      = 2061          ; the game's SYS target (its own BASIC stub)
FILE_LFN        = 15            ; the command channel's LFN and secondary address; the
                                ; fallback's LOAD takes them too (not 0: to the file's address)
LOAD_LIMIT      = >sector       ; the game may not load over the loader's second part
BASIC_START     = $0801         ; where the game loads (its first block's load address goes
                                ; to the two bytes before it), and LOAD"WORDLE64",8 this file
STREAM_LEG      = 4             ; route's leg while the stream comes (after the first switch)
PAYLOAD         = 254           ; a block's bytes after its link
STATUS_PAIR     = sector + $FE  ; where take_pair puts each status pair (the block that follows
                                ; overwrites it)
; take_pair's byte for b (its bits 5, 7, 4, 6, 1, 3, 0, 2 from bit 7 down, each inverted): the
; drive's own bytes (status, a block's link) come so
FOLLOWS_HIGH    = (BLOCK_FOLLOWS >> 5 & 1) << 7 | (BLOCK_FOLLOWS >> 7 & 1) << 6
FOLLOWS_MIDDLE  = (BLOCK_FOLLOWS >> 4 & 1) << 5 | (BLOCK_FOLLOWS >> 6 & 1) << 4
FOLLOWS_LOW     = (BLOCK_FOLLOWS >> 1 & 1) << 3 | (BLOCK_FOLLOWS >> 3 & 1) << 2
FOLLOWS_LAST    = (BLOCK_FOLLOWS & 1) << 1 | (BLOCK_FOLLOWS >> 2 & 1)
FOLLOWS_BITS    = FOLLOWS_HIGH | FOLLOWS_MIDDLE | FOLLOWS_LOW | FOLLOWS_LAST
WIRED_FOLLOWS   = (FOLLOWS_BITS ^ $FF) ^ BUS_BANK
WIRED_ZERO      = $FF           ; 0: no line pulled (a link's track 0); the code counts on $FF
                                ; (INX, CMP with #$FF loaded)

.segment "ZEROPAGE"
dest:           .res 2          ; where the next game byte goes
depacker_limit: .res 1          ; the depacker's LOADER_LIMIT, which next_block keeps
wired:          .res 1          ; unwire's
.assert depacker_limit = LOADER_LIMIT, error, "stream.inc: the depacker reads LOADER_LIMIT"
.assert dest = LOADER_DEST, error, "stream.inc: the game's depacker reads LOADER_DEST"

; The file loads at HOOK_BASE with LOAD"*",8,1: there its first bytes are the KERNAL's CHROUT
; vector, our entry, which BASIC calls as soon as the load is done, to print READY. (an
; autostart). The next two are the STOP vector, which the KERNAL's load calls after each byte:
; they hold the stock KERNAL's own value (a KERNAL with another one takes LOAD"WORDLE64",8 and
; RUN). The rest of $032A-$0333 (GETIN to SAVE: not called until RESTOR puts them back) hold the
; BASIC line and the RUN entry's first bytes; the first part runs on onto the screen's first
; line, which it blanks. With LOAD"WORDLE64",8 the file is at $0801, a BASIC line: its RUN entry
; puts it where ,1 would and goes on as the autostart does.
HOOK_BASE       = $0326         ; CHROUT's vector: where LOAD"*",8,1 puts the file
STOCK_STOP      = $F6ED         ; the stock KERNAL's STOP, its vector's value during the load

.segment "LOADADDR"
        .addr   HOOK_BASE

.segment "EXEHDR"
.if SCREEN_ON
.assert * = BASIC_START, error, "fastload-screen.cfg: the file as LOAD without ,1 puts it"
        .addr   hook_entry - BASIC_START + HOOK_BASE    ; CHROUT (BASIC: the line's link,
.else
.assert * = HOOK_BASE, error, "fastload.cfg: the file where LOAD with ,1 puts it"
        .addr   hook_entry                              ; which LOAD relinks)
.endif
        .word   STOCK_STOP              ; STOP (BASIC: line 63213)
.if SCREEN_ON
        .byte   $9E, "2061", 0          ; SYS 2061
        .word   0                       ; the program's end
.else
        .byte   $9E, "2059", 0          ; SYS 2059: the next bytes, the RUN entry's first
.endif                                  ; instruction, whose 0 ends the program

.segment "STARTUP"
.if SCREEN_ON
; Both entries copy the loader's two parts to their place and start it, the KERNAL's vectors
; put back first. Until then the code runs where it was loaded, so it only branches.
.assert * = GAME_START, error, "SYS 2061 must land here"
COPY_PAGES      = 3
        lda     #>__LOADER2_LOAD__      ; RUN: the file from $0801
        ldy     #<__LOADER2_LOAD__
        bne     copy                    ; (always: not page-aligned, asserted)
hook_entry:
        lda     #>(__LOADER2_LOAD__ - BASIC_START + HOOK_BASE)  ; the autostart: from HOOK_BASE
        ldy     #<(__LOADER2_LOAD__ - BASIC_START + HOOK_BASE)
copy:   sty     dest
        sta     dest + 1
        ldy     #0
.repeat COPY_PAGES, page
:       lda     (dest), y
        sta     __LOADER2_RUN__ + page * $100, y
        iny
        bne     :-
        inc     dest + 1
.endrepeat
        jsr     KERNAL_RESTOR           ; CHROUT, STOP and the rest as the KERNAL has them
        jmp     fastload
.assert <__LOADER2_LOAD__ <> 0, error, "the RUN entry's branch needs a low byte not 0"
.assert __LOADER_RUN__ = __LOADER2_RUN__ + __LOADER2_SIZE__, error, "LOADER follows LOADER2"
.assert __LOADER2_SIZE__ + __LOADER_SIZE__ <= COPY_PAGES * $100, error, "the copier's pages"
.else
; RUN: the file from $0801 to where ,1 puts it (its first bytes over vectors that RESTOR puts
; back), then on as the autostart. Both code and copy run where they were loaded: absolute
; addresses only of the two places, branches.
.assert * - HOOK_BASE + BASIC_START = 2059, error, "SYS 2059 must land here"
BOOT_BYTES      = __LOADER_LOAD__ + __LOADER_SIZE__ - HOOK_BASE
.assert BOOT_BYTES <= PAYLOAD - 2, error, "the boot file: one block"
        ldx     #0                      ; (with its 0, the program's end: a link below $0100)
@copy:  lda     BASIC_START, x          ; (a page: the file and what follows it)
        sta     HOOK_BASE, x
        inx
        bne     @copy
        jmp     hook_entry
hook_entry:
        jsr     KERNAL_RESTOR           ; CHROUT, STOP and the rest as the KERNAL has them
.assert * = __LOADER_RUN__, error, "the autostart runs on into fastload"
.endif

; A byte's four bit pairs, the first read 3 cycles after the macro starts, then every 12: pair
; 0 ends in bits 7-6, pair 3 in bits 1-0.
.macro TAKE_BYTE
        lda     CIA2_PRA
        lsr
        lsr
        nop
        nop
        eor     CIA2_PRA
        lsr
        lsr
        nop
        nop
        eor     CIA2_PRA
        lsr
        lsr
        nop
        nop
        eor     CIA2_PRA
.endmacro

.segment "LOADER"

; Have the DOS load and start the drive code ("&W64DRIVE"); screen off, interrupts off, and the
; drive's first status (its code runs) within 256 x 256 rounds of the wait (the bootstrap, the
; code file and the fast file's first block read first); else the KERNAL loads the game.
; in: LAST_DEVICE  out: does not return (the game runs, or BASIC after a message)
; clobbers: A X Y
.proc fastload
        lda     #drive_command_end - drive_command
        ldx     #<drive_command
        ldy     #>drive_command
        jsr     set_file                ; the command channel's name is a command: the DOS
        jsr     KERNAL_OPEN             ; loads &W64DRIVE and runs it
        lda     #0
        sta     OPEN_FILES              ; forgotten, not closed: a CLOSE would talk to a drive
                                        ; that is busy with our code
        tay                             ; (the wait's rounds)
        sei
.if ::SCREEN_ON
        lda     VIC_CTRL1
        and     #7                      ; YSCROLL: the bad lines' phase
        sec
        sbc     #3
        sta     bad_phase
        lda     #BUS_RELEASED | BUS_BANK
        sta     CIA2_PRA
.else
        sta     CIA2_PRA                ; BUS_RELEASED
        lda     #SCREEN_BLANK           ; no bad lines steal the CPU from a read, from the next
        sta     VIC_CTRL1               ; frame on (the drive answers frames later)
.endif
@wait:  bit     CIA2_PRA                ; DATA low: the drive code's first status is ready
        bpl     receive_part2
        jsr     delay12                 ; (a round: 23 cycles)
        dex
        bne     @wait
        dey
        bne     @wait
        jsr     restore
        ; (on into kernal_load)
.endproc

; The drive took no code: the KERNAL loads W64GAME instead, at its own speed, and says so.
; in: LAST_DEVICE  out: does not return (the game, or LOAD ERROR)  clobbers: A X Y
.proc kernal_load
        lda     #<slow_note
        ldy     #>slow_note
        jsr     BASIC_STROUT
        lda     #game_name_end - game_name
        ldx     #<game_name
        ldy     #>game_name
        jsr     set_file
        lda     #0
        jsr     KERNAL_LOAD
        bcs     bad_block
        stx     VARTAB                  ; BASIC's end of the program as its LOAD would set it
        sty     VARTAB + 1              ; (the KERNAL's own end, LOAD_END, is set)
        jmp     GAME_START
.endproc

; in: A = the name's length, X/Y its address  out: SETNAM and SETLFS done  clobbers: A X Y
.proc set_file
        jsr     KERNAL_SETNAM
        lda     #FILE_LFN
        tay
        ldx     LAST_DEVICE
        jmp     KERNAL_SETLFS
.endproc

; A block the drive could not read, a bad checksum, a chain that runs off: say so and stop in
; BASIC (the second part's puts BASIC's ROM back first: the game's depacker may have it out).
; in: -  out: does not return (BASIC's READY.)  clobbers: A X Y
.proc bad_block
        jsr     restore
        ldx     #BASIC_LOAD_ERROR
        jmp     (BASIC_ERROR)           ; ?LOAD  ERROR, as BASIC says it, and READY.
.endproc

; Bus and screen as the KERNAL and BASIC keep them, interrupts on.
; in: -  out: -  clobbers: A
.proc restore
        lda     #BUS_IDLE
        sta     CIA2_PRA
        lda     #SCREEN_SHOWN
        sta     VIC_CTRL1
        cli
        rts
.endproc

drive_command:  .byte   "&", $57, "64", $44, $52, $49, $56, $45    ; "&W64DRIVE": the DOS's
drive_command_end:                      ; utility loader (ca65 keeps ASCII, PETSCII for capitals)
game_name:      .byte   $57, "64", $47, $41, $4D, $45          ; "W64GAME"
game_name_end:
slow_note:      .byte   13, $4E, $4F, " ", $46, $41, $53, $54, " ", $4C, $4F, $41
                .byte   $44, $45, $52, 0                ; "NO FAST LOADER" on a line of its own

; The fast file's first block, the second part's first, into sector, checked, and run there
; (it moves itself to its place: LOADER2). SCREEN_ON: the boot file brought the second part;
; the fast file's two blocks of it are taken and dropped.
; in: the drive's first status ready  out: does not return  clobbers: A X Y
.proc receive_part2
.if ::SCREEN_ON
        jsr     get_status
        jsr     receive_block
        jsr     get_status
        jsr     receive_block
        jmp     stream_game
.else
        ldy     #<STATUS_PAIR
        jsr     take_pair               ; (Y = 0 after it)
        lda     STATUS_PAIR
        cmp     #WIRED_FOLLOWS
        bne     bad_block
        lda     STATUS_PAIR + 1         ; the block's checksum
        pha
@pair:  jsr     take_pair
        bne     @pair
        pla
@sum:   eor     sector, y
        iny
        bne     @sum
        cmp     #$FF                    ; (check_sum's test)
        bne     bad_block
        jmp     sector + 2
.endif
.endproc

; Two bytes as the drive sends them (send_block), into sector, y on: pull CLK and release it
; (time zero, the write cycle); the drive sees the release within 7 of its cycles and puts out
; the first byte's pair k 12 + 12 k cycles after seeing it, the second's 65 + 12 k, each held
; 12 (k = 0 to 3). We read them at 21 + 12 k and 73 + 12 k of our cycles: past the latest start
; (7 + 12 + 12 k drive cycles = 18.7 + 11.8 k of ours: the drive's clock is 1.5 % faster; 70.9 +
; 11.8 k) and before the earliest end (23.6 + 11.8 k; 75.9 + 11.8 k), with two cycles or more
; either side. The pull is held 20 cycles, long enough for the drive's "ready" (send), which
; frees DATA after it sees the pull and must still see the release within 7 cycles.
; A byte comes out with b's bits 5, 7, 4, 6, 1, 3, 0, 2 from bit 7 down, each inverted (a 1
; pulls its line: we read 0). The fast file's data bytes are stored so that this gives them
; back (wordle64.media.fastdisk.for_the_wire); the drive's own bytes (status, links) come
; rearranged so (WIRED_FOLLOWS, unwire). SCREEN_ON: each read carries the VIC's bank in bits 0-1
; (our writes keep bank 0): the last read's stay in the byte, eor'd (BUS_BANK).
; Last in the plain build's file: past $03FF, on the screen's first line, which only the fast
; path runs (the fallback's messages may scroll over it).
; in: Y  out: sector + Y, + Y + 1; Y + 2 (Z = 1: 0)  clobbers: A X Y
.proc take_pair
.if ::SCREEN_ON
        jsr     clear_lines
.endif
        lda     #BUS_PULL_CLK | BUS_BANK
        sta     CIA2_PRA                ; CLK pulled: "the next pair"
        jsr     delay12
        nop
        lda     #BUS_RELEASED | BUS_BANK
        sta     CIA2_PRA                ; released: time zero
        jsr     delay12
        bit     $00
        ldx     #2
@byte:  TAKE_BYTE                       ; +21 to +57; then +73 to +109
        sta     sector, y
        iny
        dex
        bne     @byte
.assert >@byte = >*, error, "take_pair's timing: its branch within one page"
        tya                             ; Z = 1: Y is 0
delay12:
        rts                             ; (JSR to it: 12 cycles)
.endproc
delay12         = take_pair::delay12
.if .not SCREEN_ON
.assert receive_part2 <= $0400, error, "the fallback's code and data below the screen"
.endif

; SCREEN_ON: take_pair waits clear of the VIC's bad lines: its timed part, from the pull to the
; last read, ends within two raster lines and a quarter of the raster read here, so the pull
; waits while the line is a bad one or one of the three before it (lines Y-3 to Y modulo 8,
; Y = YSCROLL).
; in: bad_phase  out: -  clobbers: A
.if SCREEN_ON
.proc clear_lines
@line:  lda     VIC_RASTER
        sec
        sbc     bad_phase
        and     #7
        cmp     #4
        bcc     @line
        rts
.endproc
.endif

.segment "LOADER2"

; The loader's second part, two blocks of the fast file. Its first block (up to part2b) is what
; takes the second: the first part runs it in sector, where it moves itself to its place. Then
; the game, block by block along the route, and the depacker called once it is in. Nothing in it
; depends on SCREEN_ON but receive_block: the screen-on build's boot file brings its own second
; part, and its first part takes the fast file's two blocks of the plain one's and drops them.
; in: the first part's block in sector (run there)  out: does not return (the game runs)
; clobbers: A X Y
.proc part2
        ldx     #2                      ; runs in sector first: absolute addresses only
@move:  lda     sector, x
        sta     part2 - 2, x
        inx
        bne     @move
        jmp     @placed
@placed:
        jsr     get_status
        jsr     receive_block
        ldx     #2
@second:
        lda     sector, x
        sta     part2b - 2, x
        inx
        bne     @second
        jmp     stream_game
.endproc
.assert part2 = __LOADER2_RUN__ .and <part2 = 2, error, "part2 moves itself within its page"

; The drive's status pair, when it is ready: BLOCK_FOLLOWS (the block's checksum the pair's
; second byte), else the drive could not read the block, or the chain ran off.
; in: -  out: expected = the checksum as taken (else bad_part2)  clobbers: A X Y
.proc get_status
:       bit     CIA2_PRA
        bmi     :-                      ; DATA low: the drive's pair is ready
        ldy     #<STATUS_PAIR
        jsr     take_pair
        lda     STATUS_PAIR
        cmp     #WIRED_FOLLOWS
        bne     bad_part2
        lda     STATUS_PAIR + 1
        sta     expected
        rts
.endproc

; The EOR of a block's 256 bytes as taken against its checksum, taken with its status: take_pair
; assembles each byte in a bit order, inverted (and SCREEN_ON: with the VIC's bank bits), which
; an EOR of 256 bytes carries through to the checksum's but for the inversion (and the bank
; bits: twice 128 times).
; in: A = the EOR, expected  out: - (else bad_part2)  clobbers: A
.proc check_sum
        eor     expected
        cmp     #$FF ^ BUS_BANK
        bne     bad_part2
        rts
.endproc

; bad_block with BASIC's ROM back: the game's depacker may have switched it out.
; in: -  out: does not return  clobbers: A X Y
.proc bad_part2
        lda     #PORT_ALL_ROMS
        sta     CPU_PORT
        jmp     bad_block
.endproc

; One block from send_block (drive.s) into `sector`: its link as take_pair assembles it, its
; data as the fast file holds it; checked against the checksum its status brought. The pairs
; as take_pair takes them, but inline: the pull for the next as soon as the last read is done,
; and the sum of the last pair in the wait after the release. The drive looks for the next
; pull 120 of its cycles after it saw the release, 127 at most after time zero (125.1 of ours);
; the pull, from 113 to 129, covers that and is longer than the drive's 7-cycle wait, which then
; sees the release within 7 cycles, as with take_pair. SCREEN_ON: take_pair's, clear of the bad
; lines, the VIC's bank bits taken out after.
; in: the block's status taken (get_status)  out: sector = the block (else bad_block)
; clobbers: A X Y
.proc receive_block
.if ::SCREEN_ON
        ldy     #0
@pair:  jsr     take_pair
        bne     @pair
        sty     wired
@bank:  lda     sector, y
        eor     #BUS_BANK
        sta     sector, y
        eor     wired
        sta     wired
        iny
        bne     @bank
.else
        lda     sector + $FE            ; the first pass adds the last pair as it was: cancel it
        eor     sector + $FF
        sta     wired                   ; the sum
        ldx     #BUS_PULL_CLK           ; X: each pair's pull
        stx     CIA2_PRA                ; the first pair's, held 20 cycles (the drive went
                                        ; back to its wait right after the status pair)
        ldy     #$FF                    ; Y: the last pair's second byte
        jsr     delay12
@pair:  lda     #BUS_RELEASED
        sta     CIA2_PRA                ; time zero
        lda     sector - 1, y           ; (5 cycles: always across a page)
        eor     sector, y
        eor     wired
        sta     wired
        iny
        TAKE_BYTE                       ; +21 to +57
        sta     sector, y
        iny
        nop
        bit     $00
        TAKE_BYTE                       ; +73 to +109
        stx     CIA2_PRA                ; +113: the next pair's pull
        sta     sector, y
        cpy     #$FF
        bne     @pair                   ; +129: its time zero (+130 if across a page)
        lda     #BUS_RELEASED
        sta     CIA2_PRA                ; the last pull let go, well before the drive's next
        lda     sector + $FE            ; "ready"
        eor     sector + $FF
        eor     wired
.endif
        jmp     check_sum
.endproc
.assert <sector = 0, error, "receive_block's timing: sector - 1, y must cross a page, sector, y not"

; A link byte as take_pair assembled it, put right: each of its bits inverted goes back to
; where bit_order says.
; in: A  out: A = the byte the drive sent  clobbers: A X
.proc unwire
        sta     wired
        lda     #0
        ldx     #7
@bit:   lsr     wired                   ; its bit 0 first: bit_order's last
        bcs     :+                      ; (a 1 read: the bit was 0)
        ora     bit_order, x
:       dex
        bpl     @bit
        rts
.endproc
bit_order:      .byte   $20, $80, $10, $40, $02, $08, $01, $04  ; WIRED's bits 7-0 from b's

        .res    PAYLOAD - (* - part2)   ; the second block's bytes from part2b on
part2b:
; The loader's second part, which the first receives from the fast file (receive_part2): the
; game, block by block along the route, and the depacker called once it is in. Nothing in it
; depends on SCREEN_ON: the screen-on build's first part takes the fast file's first block, the
; plain build's copy of this part, and drops it (receive_part2).
; in: the fast file's blocks after its first  out: does not return (the game runs)
; clobbers: A X Y
.proc stream_game
        lda     #<(BASIC_START - 2)     ; the load address first
        sta     dest
        lda     #>(BASIC_START - 2)
        sta     dest + 1
        lda     #ROUTE_END              ; no switch until set_route
        sta     leg
        lda     #0
        sta     route + ROUTE_END
        sta     route + ROUTE_END + 1
        jsr     next_block              ; the BASIC stub and the stream header
        jsr     set_route
.repeat ::STREAM_AFTER_BLOCKS - 1
        jsr     next_block
.endrepeat
        ldx     #<next_block            ; the depacker is in: it unpacks, and takes blocks
        ldy     #>next_block
        jsr     STREAM_ENTRY
@rest:  ldx     sector                  ; those it left (track 0, WIRED_ZERO: the last came)
        inx
        beq     @in
        jsr     next_block
        jmp     @rest
@in:    jsr     restore
        lda     #0                      ; BASIC's zero before the program, where the load
        sta     BASIC_START - 1         ; address went
        jmp     start_game
.endproc

; BASIC's pointers as LOAD leaves them, then the game's own start.
; in: dest = the end of the game  out: does not return  clobbers: A
.proc start_game
        lda     dest
        sta     VARTAB
        sta     LOAD_END
        lda     dest + 1
        sta     VARTAB + 1
        sta     LOAD_END + 1
        jmp     GAME_START
.endproc

; The next block of the game from send_block (drive.s), its bytes stored along the route; then
; LOADER_LIMIT for the depacker.
; in: dest  out: dest past the block  clobbers: A X Y
.proc next_block
        jsr     get_status
        jsr     receive_block
        lda     #$FF                    ; the last byte of this block
        cmp     sector                  ; (WIRED_ZERO)
        bne     :+
        lda     sector + 1              ; track 0: sector byte = index of the last byte
        jsr     unwire
:       sta     last
        ldx     #2                      ; data after the link
        ldy     #0
@copy:  lda     sector, x
        sta     (dest), y
        inc     dest
        bne     :+
        inc     dest + 1
        lda     dest + 1
        cmp     #LOAD_LIMIT
        bcc     :+
        jmp     bad_part2               ; a chain that never ends
:       ldy     leg                     ; the route's next switch?
        lda     dest
        cmp     route, y
        bne     @same
        lda     dest + 1
        cmp     route + 1, y
        bne     @same
        lda     route + 2, y            ; go on where the route says
        sta     dest
        lda     route + 3, y
        sta     dest + 1
        tya
        adc     #3                      ; (C = 1: + 4, the next leg)
        sta     leg
@same:  ldy     #0
        cpx     last
        beq     @next
        inx
        bne     @copy
@next:  lda     #$FF                    ; LOADER_LIMIT: all of the stream is in, unless
        ldy     leg                     ; this block left it partway
        cpy     #STREAM_LEG
        bne     @limit
        cmp     sector                  ; (WIRED_ZERO)
        beq     @limit                  ; (the file's last: nothing more will come)
        lda     dest
        sec
        sbc     #LOOKAHEAD
        lda     dest + 1
        sbc     #0
@limit: sta     LOADER_LIMIT
        rts
.endproc

; The route from the stream header (stream.inc): at image_start on to the stream's copy, at the
; stream's end on to the blob's place.
; in: the game's first block  out: route, leg  clobbers: A X
.proc set_route
        ldx     #3                      ; image_start -> stream_copy
:       lda     STREAM_HEADER, x
        sta     route, x
        dex
        bpl     :-
        lda     STREAM_HEADER + 2       ; stream_copy + packed -> image_end
        clc
        adc     DEPACK_PACKED
        sta     route + 4
        lda     STREAM_HEADER + 3
        adc     DEPACK_PACKED + 1
        sta     route + 5
        lda     STREAM_HEADER + 4
        sta     route + 6
        lda     STREAM_HEADER + 5
        sta     route + 7
        lda     #0
        sta     leg
        rts
.endproc

.segment "SECTOR"
sector:         .res 256        ; each block as taken (fastload.cfg: page-aligned)

.segment "BSS"
bad_phase:      .res 1          ; YSCROLL - 3: clear_lines waits on lines 0-3 past it, mod 8
last:           .res 1
expected:       .res 1          ; the block's checksum as its status pair brought it
ROUTE_END       = 8
route:          .res ROUTE_END + 2  ; (address, then where to go on) twice; a stop: $0000
leg:            .res 1          ; route's next switch: 0, STREAM_LEG, ROUTE_END
