; drive.s — the drive side of the fast loader: runs at $0300 in the drive's RAM (buffers 0 and 1),
; loaded and started at drive_start by the DOS's "&" command (the disk's file &W64DRIVE; the DOS
; reads that file through buffer 2, so the code stays out of it). The disk's writer puts the
; game's first block in game_first. Each of the game's tracks goes to the DOS as an "execute"
; job ($E0) on buffer 0: once the head is on the track, the DOS's job loop jumps to $0300,
; read_track, which reads the game's blocks itself (the ROM's header search and GCR decoding,
; into buffer 3) and sends each to the C64 as soon as it is read (the C64 side: boot.s). It moves
; the head to the next track out itself, in the job; only a move the DOS must make (another
; zone) ends the job. No turn of the disk is lost to the job loop's polling.;
; First a HELLO byte. Then per block: a status byte (0: the sector follows; else the job's error
; code, or BAD_LINK for a link off the disk), then the sector's 256 bytes as read, its link first.
; After the last block, or an error, it gives the bus back and returns to the DOS.
;
; Byte protocol (levels on the bus; the drive's own port reads 1 for a line pulled low): the C64
; asks for each byte by pulling CLK and releasing it; the release is time zero, and the byte
; follows as four bit pairs on DATA and CLK at fixed times (send_block; boot.s reads each in the
; middle of its window). A HELLO or status byte is announced first: DATA held low until the
; C64's pull (send).

.setcpu "6502"
.include "fastload.inc"

VIA1_PB     := $1800            ; serial port: bit 0 DATA in, 1 DATA out, 2 CLK in, 3 CLK out,
                                ; 4 ATN acknowledge, 7 ATN in (inputs read 1 when pulled low)
DISK_DATA   := $1C01            ; VIA2 port A: the byte from the read head (V flag: byte ready)
DATA_OUT    = $02
CLK_OUT     = $08
CLK_IN      = $04
; The DOS's job queue: a job code per buffer, then its result; a track and sector per buffer.
GAME_JOB    := $0000            ; buffer 0: this code, run as an execute job ($E0) per track
GAME_TRACK  := $0006
GAME_SECTOR := $0007            ; the ROM's header search looks for this sector
DRIVE_PORT  := $1C00            ; VIA2 port B: bits 0-1 the stepper's phase, 2 motor, 3 LED,
STEPPER     = $03               ; 5-6 the bit rate of the track's zone
HEAD_TRACK  := $0022            ; the DOS's record of the track under the head
SAME_ZONE_LAST = 17             ; tracks 1-17 share a zone (21 sectors, one bit rate)
STEP_WAIT   = 6                 ; a half step's settling time, in rounds of 256 x 9 cycles
BUFFER      := $0600            ; buffer 3: each block lands here (this code is in buffers 0-1,
                                ; the BAM in buffer 4)
; The ROM's read path (the READ job's own steps, $F4D1-$F505 of the 1541 DOS 2.6).
FIND_BLOCK  := $F50A            ; the wanted sector's header, then its data block's sync; Y = 0
GCR_DECODE  := $F8E0            ; ($30) and $01BA-$01FF (GCR) -> ($30) (256 bytes), $38, $3A
CHECKSUM    := $F5E9            ; A = the EOR of the 256 bytes at ($30)
JOB_END     := $F969            ; A = the job's result: ends the job (the DOS's stack restored)
GCR_OVERFLOW := $0100           ; GCR bytes 256-325 go to $01BA-$01FF
BUFFER_PTR  := $30              ; the DOS's pointer to the job's buffer
BLOCK_ID    := $38              ; decoded: the data block's ID byte, and its checksum
BLOCK_SUM   := $3A
DATA_ID     := $47              ; the ID a data block must have (7)
JOB_EXECUTE = $E0
JOB_OK      = $01
ERROR_ID    = $04               ; job results: 22, READ ERROR (data block not found)
ERROR_SUM   = $05               ; 23, READ ERROR (checksum)
TRACKS      = 35
MAX_SECTORS = 21
BAD_LINK    = $FF

.segment "DRIVECODE"

; The DOS jumps here, the buffer's first byte, for GAME_JOB's execute job.
.assert * = $0300, error, "an execute job starts at its buffer's first byte"
        jmp     read_track

; The game's first block, track and sector: written into the drive's file when the disk is made
; (wordle64.media.fastdisk.GAME_FIRST), which knows where the game lies; the directory is not read.
.assert * = $0303, error, "wordle64.media.fastdisk.GAME_FIRST"
game_first:
        .byte   0, 0

; in: game_first (the "&" command runs this)  out: the game sent, or an error status
; clobbers: A X Y
.export drive_start
.proc drive_start
        sei
        lda     #0
        sta     VIA1_PB                 ; every line released
        lda     #HELLO
        jsr     send
        ldx     game_first + 1
        lda     game_first
@track: cmp     #TRACKS + 1             ; A = track, X = sector: the next block
        bcs     @bad
        cmp     #1
        bcc     @bad
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
        beq     @done
@bad:   lda     #BAD_LINK
@failed:
        jsr     send                    ; status: the error
@done:  lda     #0
        sta     VIA1_PB
        cli
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
        lda     #<BUFFER
        sta     BUFFER_PTR
        lda     #>BUFFER
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
        bne     @no_id
        jsr     CHECKSUM
        cmp     BLOCK_SUM
        bne     @bad_sum
        lda     #0
        jsr     send                    ; status: the sector follows
        jsr     send_block
        ldx     BUFFER + 1
        cpx     #MAX_SECTORS
        bcs     @ok                     ; a link off the disk: the main loop says so
        lda     BUFFER
        beq     @ok                     ; the last block
        cmp     #SAME_ZONE_LAST + 1
        bcs     @ok                     ; another zone: the DOS moves the head and sets it up
        sec
        sbc     GAME_TRACK
        beq     @next                   ; this track
        cmp     #$FF
        bne     @ok                     ; not the next track out: the DOS moves the head
        jsr     step_out
@next:  stx     GAME_SECTOR
        jmp     @block
@ok:    lda     #JOB_OK
        .byte   $2C                     ; BIT abs: skip the next load
@no_id: lda     #ERROR_ID
        .byte   $2C
@bad_sum:
        lda     #ERROR_SUM
        jmp     JOB_END
.endproc

; Move the head one track out (towards track 1), as the DOS would, but without ending the job:
; two half steps of the stepper motor, each given time to settle. GAME_TRACK, and the DOS's own
; idea of where the head is, follow.
; in: GAME_TRACK  out: GAME_TRACK - 1  clobbers: A Y
.proc step_out
        ldy     #2
@half:  lda     DRIVE_PORT
        and     #STEPPER
        sec
        sbc     #1                      ; the previous phase: a half step out
        and     #STEPPER
        sta     phase
        lda     DRIVE_PORT
        and     #<~STEPPER
        ora     phase
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
        dec     GAME_TRACK
        dec     HEAD_TRACK
        rts
.endproc

; Send BUFFER's 256 bytes, each when the C64 asks (boot.s, receive_block): it pulls CLK and
; releases it; the release is time zero, seen within 7 cycles by the second wait. Then the byte
; goes out as four bit pairs, one every 12 cycles, from 12 cycles after that read: pairs 0, 1,
; 2, 3 carry bits 0 and 2, 1 and 3, 4 and 6, 5 and 7, on DATA and CLK, a 1 pulling its line;
; 12 cycles after the last pair every line is free again. The C64 undoes the order with a table.
; in: BUFFER  out: -  clobbers: A X Y
.proc send_block
        ldy     #0
        ldx     BUFFER
        txa
        lsr
        lsr
        lsr
        sta     high
byte:   lda     #CLK_IN                 ; X = the byte, high = the byte >> 3
@pull:  bit     VIA1_PB
        beq     @pull                   ; the C64 pulls CLK
free:   bit     VIA1_PB
        bne     free                    ; and releases it: time zero
        txa
        asl
        and     #DATA_OUT | CLK_OUT
        sta     VIA1_PB                 ; +12: bits 0, 2
        txa
        and     #DATA_OUT | CLK_OUT
        nop
        nop
        sta     VIA1_PB                 ; +24: bits 1, 3
        lda     high
        and     #DATA_OUT | CLK_OUT
        nop
        sta     VIA1_PB                 ; +36: bits 4, 6
        lda     high
        lsr
        and     #DATA_OUT | CLK_OUT
        sta     VIA1_PB                 ; +48: bits 5, 7
        iny
        ldx     BUFFER, y               ; the next byte, while the last pair is held
        lda     #0
        sta     VIA1_PB                 ; +60: released
        txa
        lsr
        lsr
        lsr
        sta     high
        tya
        bne     byte
        rts
.endproc

; Send A alone: DATA pulled ("a byte is ready") until the C64 pulls CLK, then as send_block sends
; a byte. DATA is free again 8 cycles after the pull is seen, which is within 7 of its start (we
; wait for it), so the release that follows is still seen within 7 cycles.
; in: A  out: -  clobbers: A X Y
.proc send
        tax
        lsr
        lsr
        lsr
        sta     high
        lda     #DATA_OUT
        sta     VIA1_PB                 ; ready
        lda     #CLK_IN
:       bit     VIA1_PB
        beq     :-                      ; the C64 pulls CLK
        ldy     #0
        sty     VIA1_PB                 ; DATA released
        dey                             ; one byte: Y is 0 after it, and send_block returns
        bne     send_block::free
.endproc
.assert (high >= $0100), error, "send_block's timing counts high as an absolute address"
.assert (<BUFFER) = 0, error, "BUFFER, y must not cross a page (its timing)"

high:   .res    1
phase:  .res    1
wait:   .res    2
