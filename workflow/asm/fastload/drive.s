; drive.s — the drive side of the fast loader: runs at $0300 in the drive's RAM (buffers 0 and 1;
; its decoding at $0146, above the DOS's stack). The DOS's "&" command loads the disk's file
; &W64DRIVE (through buffer 2, so the code stays out of it): the decoding and a bootstrap at
; $0600, drive_boot, which reads this code from the disk's file W64DRIVECODE and starts it at
; drive_start. The disk's writer puts the game's first block in game_first. Each of the
; game's tracks goes to the DOS as an "execute" job ($E0) on buffer 0: once the head is on the
; track, the DOS's job loop jumps to $0300, read_track, which reads the game's blocks itself (the
; ROM's header search, then its own read and GCR decoding, faster than the ROM's) and sends each
; to the C64 as soon as it is read (the C64 side: boot.s). It moves the head to the next track
; out itself, in the job; only a move the DOS must make (another zone) ends the job. No turn of
; the disk is lost to the job loop's polling.
; Per block: a status pair (BLOCK_FOLLOWS and the checksum the disk holds for the block, which
; the C64 checks it by; else the job's error code, or BAD_LINK for a link off the disk), then the
; sector's 256 bytes as read, its link first; the first status also tells the C64 the code runs.
; After the last block, or an error, it gives the bus back and returns to the DOS.
;
; Protocol (levels on the bus; the drive's own port reads 1 for a line pulled low): the C64 asks
; for each pair of bytes by pulling CLK and releasing it; the release is time zero, and the two
; bytes follow as eight bit pairs on DATA and CLK at fixed times (send_block; boot.s reads each
; in the middle of its window). A status pair is announced first: DATA held low until
; the C64's pull (ready).

.setcpu "6502X"              ; SAX: the 1541's NMOS 6502 has it
.include "fastload.inc"

VIA1_PB     := $1800            ; serial port: bit 0 DATA in, 1 DATA out, 2 CLK in, 3 CLK out,
                                ; 4 ATN acknowledge, 7 ATN in (inputs read 1 when pulled low)
DISK_DATA   := $1C01            ; VIA2 port A: the byte from the read head (V flag: byte ready)
DATA_OUT    = $02
CLK_OUT     = $08
CLK_IN      = $04
.assert DATA_OUT = CLK_IN >> 1, error, "ready: one LSR between them"
; The DOS's job queue: a job code per buffer, then its result; a track and sector per buffer.
GAME_JOB    := $0000            ; buffer 0: this code, run as an execute job ($E0) per track
GAME_TRACK  := $0006
GAME_SECTOR := $0007            ; the ROM's header search looks for this sector
DRIVE_PORT  := $1C00            ; VIA2 port B: bits 0-1 the stepper's phase, 2 motor, 3 LED,
STEPPER     = $03               ; 5-6 the bit rate of the track's zone
HEAD_TRACK  := $0022            ; the DOS's record of the track under the head
SAME_ZONE_LAST = 17             ; tracks 1-17 share a zone (21 sectors, one bit rate)
STEP_WAIT   = 4                 ; a half step's settling time, in rounds of 256 x 9 cycles (the
                                ; DOS itself steps a half track each 8.2 ms: its controller IRQ)
STEP_OUT    = STEPPER           ; a half step: the stepper's phase - 1 (mod 4), or + 1
STEP_IN     = 1
DIR_TRACK   = 18
; The ROM's read path (the READ job's own steps, $F4D1-$F505 of the 1541 DOS 2.6): the drive
; code uses its header search and job end; the bootstrap all of it.
FIND_BLOCK  := $F50A            ; the wanted sector's header, then its data block's sync; Y = 0
JOB_END     := $F969            ; A = the job's result: ends the job (the DOS's stack restored)
GCR_DECODE  := $F8E0            ; ($30) and $01BA-$01FF (GCR) -> ($30) (256 bytes), $38, $3A
CHECKSUM    := $F5E9            ; A = the EOR of the 256 bytes at ($30)
GCR_OVERFLOW := $0100           ; GCR bytes 256-325 go to $01BA-$01FF
BUFFER_PTR  := $30              ; the DOS's pointer to the job's buffer
BLOCK_ID    := $38              ; decoded: the data block's ID byte, and its checksum
BLOCK_SUM   := $3A
DATA_ID     := $47              ; the ID a data block must have (7)
JOB_EXECUTE = $E0
CODE_JOB    := $0003            ; buffer 3: drive_boot's execute job, read_code
CODE_TRACK  := $000C
CODE_SECTOR := $000D
DRIVE_CODE  := $0300
JOB_OK      = $01
ERROR_ID    = $04               ; job results: 22, READ ERROR (data block not found)
ERROR_SUM   = $05               ; 23, READ ERROR (checksum)
TRACKS      = 35
MAX_SECTORS = 21
BAD_LINK    = $FF
; A data block on the disk: 325 GCR bytes, 65 groups of five, each five bytes' worth of 5-bit
; codes for four bytes: the ID, the 256 bytes, their checksum (EOR) and two zeros. Group k's GCR
; bytes go to slot 4k (group 0's first to group0, and group 64's to slot 0, 4 x 64 wrapping),
; four at QUADS + slot, the fifth at FIFTHS + slot, and decode in place: the bytes of group k,
; 4k - 1 to 4k + 2 of the block, land at BUFFER + 4k - 1 on. Slot 0, decoded once more for group
; 0 after group 64, puts the block in BUFFER's page.
BUFFER      := $0600            ; buffer 3: the block (this code is in buffers 0-1, the BAM in 4)
QUADS       := BUFFER - 1       ; a group's GCR bytes 0-3: block bytes 4k-1 .. 4k+2 (k its group)
FIFTHS      := $0500            ; buffer 2 (the DOS read this file through it, and is done)
ID_SLOT     := QUADS            ; group 0's first byte: the ID
SEND_SLOT   := QUADS - 1        ; send's pair (the second ID_SLOT: the ID checked by then)
LAST_BYTE   := BUFFER + $FF     ; group 64's first byte: the block's last
; The decoding tables: the 5-bit code of each nibble, and back, in the stack page's top, where
; the ROM's own reads keep GCR bytes 256-325 (this code's reads do not).
GCR_HI      := $01C0            ; code -> nibble << 4
GCR_LO      := $01E0            ; code -> nibble
; Two bytes of the DOS's job queue serve as scratch: buffer 1's track and sector (buffer 1 holds
; this code; no job ever runs on it).
TEMP        := $08

.segment "DRIVECODE"

; The DOS jumps here, the buffer's first byte, for GAME_JOB's execute job.
.assert * = $0300, error, "an execute job starts at its buffer's first byte"
        jmp     read_track

; The game's first block, track and sector: written into the drive's file when the disk is made
; (wordle64.media.fastdisk.GAME_FIRST), which knows where the game lies; the directory is not read.
.assert * = $0303, error, "wordle64.media.fastdisk.GAME_FIRST"
game_first:
        .byte   0, 0

; in: game_first (drive_boot starts this)  out: the game sent, or an error status
; clobbers: A X Y
.export drive_start
.proc drive_start
        sei
        lda     #0
        sta     VIA1_PB                 ; every line released
        ldx     game_first + 1
        lda     game_first
@track: cmp     #TRACKS + 1             ; A = track (not 0: that ends the loop), X = sector:
        bcs     @bad                    ; the next block
        cpx     #MAX_SECTORS
        bcs     @bad
        sta     GAME_TRACK
        stx     GAME_SECTOR
        lda     #JOB_EXECUTE
        ldx     #GAME_JOB
        jsr     run_job                 ; read_track sends the track's blocks
        bne     @failed
        ldx     BUFFER + 1
        lda     BUFFER
        bne     @track                  ; track 0: that was the last block
        beq     @home
@bad:   lda     #BAD_LINK
@failed:
        jsr     send                    ; status: the error
@home:  lda     HEAD_TRACK              ; (send leaves every line free) the head back to
        cmp     #DIR_TRACK              ; the directory's track, where the DOS goes next (the
        bcs     @idle                   ; game's statistics) while the C64 unpacks the game
        lda     #STEP_IN
        jsr     step_track
        inc     HEAD_TRACK
        bne     @home
@idle:  cli
        rts                             ; back to the DOS
.endproc

; Give the DOS's job loop (it runs in the drive's IRQ) job A on buffer X and wait for it.
; in: A job code, X buffer (its track and sector set)  out: Z = 1 done; else A = the error
; clobbers: A
.proc run_job
        sta     0, x
        cli
:       lda     0, x
        bmi     :-
        sei
        cmp     #JOB_OK
        rts
.endproc

; The execute job: the head is on GAME_TRACK. Read the game's blocks from GAME_SECTOR on,
; sending each as it comes and stepping out to the next track itself; end the job at the last
; block, a link off the disk, or a track the DOS must move to (not the next one out, or another
; zone). Errors end it with the READ job's own error codes.
; in: GAME_TRACK, GAME_SECTOR  out: the job's result (JOB_END)  clobbers: A X Y
.proc read_track
        jsr     build_tables
@block: jsr     read_block
        bne     @end                    ; A = the error
        lda     checksum                ; the status pair's second byte: the C64 checks the
        sta     SEND_SLOT + 1           ; block by it
        lda     #BLOCK_FOLLOWS
        jsr     send                    ; status: the sector follows
        jsr     send_block
        ldx     BUFFER + 1              ; (a sector off the track is not found: an error)
        lda     BUFFER
        beq     @ok                     ; the last block
        cmp     #SAME_ZONE_LAST + 1
        bcs     @ok                     ; another zone: the DOS moves the head and sets it up
        sec
        sbc     GAME_TRACK
        beq     @next                   ; this track
        cmp     #$FF
        bne     @ok                     ; not the next track out: the DOS moves the head
        lda     #STEP_OUT
        jsr     step_track
        dec     GAME_TRACK
        dec     HEAD_TRACK
@next:  stx     GAME_SECTOR
        jmp     @block
@ok:    lda     #JOB_OK
@end:   jmp     JOB_END
.endproc

; The next block (GAME_SECTOR of the track under the head), its GCR bytes as decode_block
; wants them, then decoded. Each byte is stored before the next is ready (26 cycles apart on
; the fastest tracks).
; in: GAME_TRACK, GAME_SECTOR  out: as decode_block; a header not found ends the job (20, 21)
; clobbers: A X Y
.proc read_block
        jsr     FIND_BLOCK
        ldx     #0
:       bvc     :-                      ; group 0
        clv
        lda     DISK_DATA
        sta     group0, x
        inx
        cpx     #5
        bne     :-
        ldy     #4
@group: ldx     #4                      ; groups 1-64, to slots 4 ... 252, 0
@quad:  bvc     @quad
        clv
        lda     DISK_DATA
        sta     QUADS, y
        dex
        beq     @fifth
        iny
        bne     @quad                   ; always: Y is the slot + 1 to 3
@fifth: bvc     @fifth
        clv
        lda     DISK_DATA
        sta     FIFTHS - 3, y
        iny
        cpy     #4
        bne     @group
        jmp     decode_block
.endproc

; One group, in place: its GCR bytes a-e (QUADS + Y .. + 3, FIFTHS + Y) hold eight 5-bit codes,
; two to a decoded byte: aaaaa aaabb bbbbb bcccc ccccd ddddd ddeee eeeee. Each decoded byte goes
; over the GCR byte its first code starts in, which is used up by then.
; in: Y = the slot  out: its four bytes decoded  clobbers: A X
.proc decode_group
        lda     QUADS + 1, y            ; byte 0: aaaaa | aaabb
        asl
        sta     TEMP
        lda     QUADS, y
        rol
        asl     TEMP
        rol
        and     #$1F
        tax
        lda     GCR_LO, x
        sta     TEMP
        lda     QUADS, y
        lsr
        lsr
        lsr
        tax
        lda     GCR_HI, x
        ora     TEMP
        sta     QUADS, y
        lda     QUADS + 1, y            ; byte 1: bbbbb | bcccc
        lsr
        lda     QUADS + 2, y
        ror
        lsr
        lsr
        lsr
        tax
        lda     GCR_LO, x
        sta     TEMP
        lda     QUADS + 1, y
        lsr
        and     #$1F
        tax
        lda     GCR_HI, x
        ora     TEMP
        sta     QUADS + 1, y
        lda     QUADS + 3, y            ; byte 2: ccccd | ddddd
        lsr
        lsr
        and     #$1F
        tax
        lda     GCR_LO, x
        sta     TEMP
        lda     QUADS + 3, y
        asl
        lda     QUADS + 2, y
        rol
        and     #$1F
        tax
        lda     GCR_HI, x
        ora     TEMP
        sta     QUADS + 2, y
        lda     QUADS + 3, y            ; byte 3: ddeee | eeeee
        lsr
        sta     TEMP
        lda     FIFTHS, y
        ror
        lsr     TEMP
        ror
        lsr
        lsr
        lsr
        tax
        lda     GCR_HI, x
        sta     TEMP
        lda     FIFTHS, y
        and     #$1F
        tax
        lda     GCR_LO, x
        ora     TEMP
        sta     QUADS + 3, y
        rts
.endproc

; Move the head a track, as the DOS would, but without a job: two half steps of the stepper
; motor, each given time to settle. The caller keeps HEAD_TRACK, the DOS's idea of the head's
; track, in step.
; in: A = STEP_OUT (towards track 1) or STEP_IN  out: -  clobbers: A Y
.proc step_track
        sta     direction
        ldy     #2
@half:  lda     DRIVE_PORT
        clc
        adc     direction               ; the next or the previous phase: a half step
        eor     DRIVE_PORT
        and     #STEPPER                ; (only the phase's bits of the sum)
        eor     DRIVE_PORT
        sta     DRIVE_PORT
        lda     #STEP_WAIT
        sta     wait
@settle:
        dec     wait + 1                ; 256 x 9 cycles for each count of wait
        bne     @settle
        dec     wait
        bne     @settle
        dey
        bne     @half
        rts
.endproc

; A byte's four bit pairs, 12 cycles apart, the first 4 cycles after the macro starts: bits 0
; and 2, 1 and 3, 4 and 6, 5 and 7 on DATA and CLK (X = DATA_OUT | CLK_OUT: SAX keeps the rest
; of the port at 0).
; in: A = the byte, X  out: -  clobbers: A
.macro SEND_BYTE
        rol
        sax     VIA1_PB                 ; bits 0, 2
        ror
        nop
        nop
        nop
        sax     VIA1_PB                 ; bits 1, 3
        lsr
        lsr
        lsr
        nop
        sax     VIA1_PB                 ; bits 4, 6
        lsr
        nop
        nop
        nop
        sax     VIA1_PB                 ; bits 5, 7
.endmacro

; Send BUFFER's 256 bytes, two each time the C64 asks (boot.s, receive_block): it pulls CLK and
; releases it; the release is time zero, seen within 7 cycles by the second wait (at r). Then the
; two bytes go out as eight bit pairs, each held 12 cycles, the first byte's from r + 12, the
; second's from r + 65: a byte's pairs carry its bits 0 and 2, 1 and 3, 4 and 6, 5 and 7, on
; DATA and CLK, a 1 pulling its line; at r + 113 every line is free again, and at r + 120 the
; loop looks for the next pull. SAX writes A AND X
; (X keeps DATA_OUT | CLK_OUT), so the byte is shifted in A, never masked: nothing to prepare.
; in: -  out: -  clobbers: A X Y
.proc send_block
        lda     #>BUFFER
        ldy     #<BUFFER
from:   ldx     #DATA_OUT | CLK_OUT     ; A = the bytes' page, Y = the first's index
        sta     first + 2
        sta     second + 2
        lda     #CLK_IN
        cpy     #<BUFFER
        bne     ready                   ; send's pair: announced
pair:   bit     VIA1_PB
        beq     pair                    ; the C64 pulls CLK
free:   bit     VIA1_PB
        bne     free                    ; and releases it: time zero, seen at r
first:  lda     BUFFER, y               ; (send: SEND_SLOT's page)
        SEND_BYTE                       ; r + 12, 24, 36, 48
        iny
        nop                             ; (the C64 loops between the two bytes)
        bit     $00
second: lda     BUFFER, y
        SEND_BYTE                       ; r + 65, 77, 89, 101
        lda     #CLK_IN
        iny
        nop
        nop
        sax     VIA1_PB                 ; r + 113: released (CLK_IN AND X = 0)
        bne     pair
.assert >pair = >*, error, "send_block's timing: its branches within one page"
        rts
.endproc

; Send A and SEND_SLOT + 1 (a status's checksum) as one pair, announced (ready).
; in: A, SEND_SLOT + 1  out: -  clobbers: A X Y
.proc send
        sta     SEND_SLOT
        lda     #>SEND_SLOT
        ldy     #<SEND_SLOT             ; one pair: Y is 0 after it, and send_block returns
        bne     send_block::from        ; (always)
.endproc

; send's announcement: DATA pulled ("a byte is ready") until the C64 pulls CLK; it is let go 6
; cycles after the pull is seen, within 7 of its start; the release, 20 cycles after the pull
; (boot.s, take_pair), is still seen within 7 cycles.
; in: A = CLK_IN, X = DATA_OUT | CLK_OUT, Y = send's index  out: -  clobbers: A X Y
.proc ready
        lsr                             ; DATA_OUT
        sta     VIA1_PB                 ; ready
        asl                             ; CLK_IN again
:       bit     VIA1_PB
        beq     :-                      ; the C64 pulls CLK
        sax     VIA1_PB                 ; DATA released (CLK_IN AND X = 0)
        bne     send_block::free        ; (always)
.endproc
.assert (<BUFFER) = 0 && (<SEND_SLOT) = $FE, error, "send_block's loads must not cross a page"

.assert * <= FIFTHS, error, "the drive code must end before buffer 2"
.assert * - DRIVE_CODE <= 2 * 254, error, "the code file: two blocks (a third costs a turn)"

.segment "DRIVELOWCODE"

; The decoding tables, GCR_HI and GCR_LO, from the nibbles' codes (the entries of the 16 codes
; that are no nibble's keep what they held: a block with one fails its checksum).
; in: -  out: GCR_HI, GCR_LO  clobbers: A X Y
.proc build_tables
        ldx     #15
@nibble:
        ldy     gcr_codes, x
        txa
        sta     GCR_LO, y
        asl
        asl
        asl
        asl
        sta     GCR_HI, y
        dex
        bpl     @nibble
        rts
.endproc
gcr_codes:
        .byte   $0A, $0B, $12, $13, $0E, $0F, $16, $17, $09, $19, $1A, $1B, $0D, $1D, $1E, $15

; The block as read (group0 and the slots) to BUFFER: group 64 first, from slot 0 (its first
; byte is the block's last, its second the checksum the disk holds, kept for the C64, which
; checks the block: boot.s, receive_block), then group 0 into slot 0 and every slot in turn.
; in: group0, the slots  out: BUFFER, checksum; A = 0 (Z = 1) the data block's ID, else the
; job's error code  clobbers: A X Y
.proc decode_block
        ldy     #0
        jsr     decode_group            ; group 64
        lda     ID_SLOT
        sta     LAST_BYTE
        lda     ID_SLOT + 1
        sta     checksum
        ldx     #3
:       lda     group0, x
        sta     QUADS, x
        dex
        bpl     :-
        lda     group0 + 4
        sta     FIFTHS
@group: jsr     decode_group            ; Y = 0: group 0; then 1-63
        iny
        iny
        iny
        iny
        bne     @group
        lda     ID_SLOT
        cmp     DATA_ID
        bne     @no_id
        lda     #0
        rts
@no_id: lda     #ERROR_ID
        rts
.endproc

group0: .res    5               ; group 0's GCR bytes
checksum: .res  1               ; the block's, as the disk holds it
direction: .res 1               ; step_track's
wait:   .res    2

.segment "DRIVEBOOTCODE"

; The "&" command runs this first (drive_boot): it has the rest of the drive code (DRIVECODE:
; the disk's file of it, CODE_NAME in wordle64.media.fastdisk, two blocks) read into buffers 0
; and 1 by an execute job of its own on this buffer (3), which reads both blocks in one go, then
; starts it. The DOS's "&" loads a file of more than one block slowly (a turn of the disk or so
; a block), and its READ jobs one after the other lose turns too; this file is one block.
.assert * = $0600, error, "wordle64.media.fastdisk.BOOTSTRAP_BASE: an execute job's start"
        jmp     read_code
.assert * = $0603, error, "wordle64.media.fastdisk.CODE_FIRST"
code_first:
        .byte   0, 0                    ; the code file's first track and sector (the writer's)

; in: code_first  out: DRIVECODE in place and run (drive_start); a block that cannot be read
; returns to the DOS, and the C64, hearing no status, has the KERNAL load the game
; clobbers: A X Y
.assert * = $0605, error, "wordle64.media.fastdisk.BOOTSTRAP_ENTRY"
.proc drive_boot
        sei
        lda     code_first
        sta     CODE_TRACK
        lda     code_first + 1
        sta     CODE_SECTOR
        lda     #JOB_EXECUTE            ; (run_job is in the code it reads)
        sta     CODE_JOB
        cli
:       lda     CODE_JOB
        bmi     :-
        sei
        cmp     #JOB_OK
        bne     @failed
        jmp     drive_start
@failed:
        cli
        rts
.endproc

; The execute job: the head is on CODE_TRACK. Read the code file's blocks (the ROM's own steps,
; through buffer 2: this one is the code) and put their bytes from DRIVE_CODE on.
; in: CODE_TRACK, CODE_SECTOR  out: the job's result (JOB_END)  clobbers: A X Y
.proc read_code
        lda     #<FIFTHS
        sta     BUFFER_PTR
        lda     #>FIFTHS
        sta     BUFFER_PTR + 1
@block: jsr     FIND_BLOCK              ; its own error ends the job (20 or 21)
:       bvc     :-                      ; GCR bytes 0-255, as the ROM reads them
        clv
        lda     DISK_DATA
        sta     (BUFFER_PTR), y
        iny
        bne     :-
        ldy     #$BA
:       bvc     :-                      ; and bytes 256-325
        clv
        lda     DISK_DATA
        sta     GCR_OVERFLOW, y
        iny
        bne     :-
        jsr     GCR_DECODE
        lda     BLOCK_ID
        cmp     DATA_ID
        bne     @bad
        jsr     CHECKSUM
        cmp     BLOCK_SUM
        bne     @bad
        ldx     #2                      ; the block's bytes after its link
@copy:  lda     FIFTHS, x
@to:    sta     DRIVE_CODE - 2, x
        inx
        bne     @copy
        lda     @to + 1                 ; the next block's bytes follow on
        clc
        adc     #254
        sta     @to + 1
        bcc     :+
        inc     @to + 2
:       lda     FIFTHS + 1
        sta     CODE_SECTOR
        lda     FIFTHS
        beq     @ok                     ; track 0: the last block
        cmp     CODE_TRACK
        beq     @block                  ; (the writer keeps the file on one track)
@bad:   lda     #ERROR_SUM              ; (any error: drive_boot only tells OK from not)
        .byte   $2C                     ; BIT abs: skip the next load
@ok:    lda     #JOB_OK
        jmp     JOB_END
.endproc
