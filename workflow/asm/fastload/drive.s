; drive.s — the 1541 side of the fast loader: runs at $0500 in the drive's RAM (uploaded with
; M-W, started with M-E). It finds the game (the directory's second entry), reads its sectors
; through the DOS's job queue into buffer 3 and sends each to the C64 over CLK and DATA, two bits at a time,
; one handshake per byte (the C64 side: boot.s, get_byte).
;
; First a HELLO byte. Then per block: a status byte (0: the sector follows; else the job's error
; code, or BAD_LINK for a link off the disk), then the sector's 256 bytes as read, its link first.
; After the last block, or an error, it gives the bus back and returns to the DOS.
;
; Byte protocol (levels on the bus; the drive's own port reads 1 for a line pulled low):
;   drive: DATA low = "a byte is ready"      C64: CLK low = "send it"
;   drive: DATA released = "seen"            C64: CLK released: time zero
;   drive: four bit pairs on CLK (even bit) and DATA (odd bit), bits 0-1 first, a pair every
;   PHASE cycles from the first; all released after the last. boot.s reads each in the middle
;   of its window (its timing comment gives the margins).

.setcpu "6502"
.include "fastload.inc"

VIA1_PB     := $1800            ; serial port: bit 0 DATA in, 1 DATA out, 2 CLK in, 3 CLK out,
                                ; 4 ATN acknowledge, 7 ATN in (inputs read 1 when pulled low)
DATA_OUT    = $02
CLK_OUT     = $08
CLK_IN      = $04
JOB         := $0003            ; job code, then result, of buffer 3
JOB_TRACK   := $000C            ; track and sector of buffer 3's job
JOB_SECTOR  := $000D
BUFFER      := $0600            ; buffer 3 (this code is in buffer 2, the BAM in buffer 4)
JOB_READ    = $80
JOB_OK      = $01
DIR_TRACK   = 18
DIR_SECTOR  = 1
GAME_ENTRY  = $20               ; the directory's second entry: the game file
ENTRY_TRACK = 3                 ; offsets in an entry: first block's track and sector
ENTRY_SECTOR = 4
TRACKS      = 35
MAX_SECTORS = 21
BAD_LINK    = $FF

.segment "DRIVECODE"

; in: nothing (M-E)  out: the game sent, or an error status  clobbers: A X Y
.export drive_start
.proc drive_start
        sei
        lda     #0
        sta     VIA1_PB                 ; every line released
        lda     #HELLO
        jsr     send
        lda     #DIR_TRACK
        ldx     #DIR_SECTOR
        jsr     read
        bne     @failed
        ldx     BUFFER + GAME_ENTRY + ENTRY_SECTOR
        lda     BUFFER + GAME_ENTRY + ENTRY_TRACK
@block: jsr     read                    ; A = track, X = sector
        bne     @failed
        lda     #0
        jsr     send                    ; status: the sector follows
        ldy     #0
@data:  lda     BUFFER, y
        jsr     send
        iny
        bne     @data
        ldx     BUFFER + 1
        lda     BUFFER
        bne     @block                  ; track 0: that was the last block
        beq     @done
@failed:
        jsr     send                    ; status: the error
@done:  lda     #0
        sta     VIA1_PB
        cli
        rts                             ; back to the DOS
.endproc

; Read track A, sector X into BUFFER with the DOS's job loop (it runs in the drive's IRQ, and
; holds the CPU while it waits for the sector: nothing to overlap it with).
; in: A track, X sector  out: Z = 1 read; else A = the job's error code or BAD_LINK
; clobbers: A
.proc read
        cmp     #TRACKS + 1
        bcs     @bad
        cmp     #1
        bcc     @bad
        cpx     #MAX_SECTORS
        bcs     @bad
        sta     JOB_TRACK
        stx     JOB_SECTOR
        lda     #JOB_READ
        sta     JOB
        cli
:       lda     JOB
        bmi     :-
        sei
        cmp     #JOB_OK
        rts
@bad:   lda     #BAD_LINK
        rts
.endproc

; Send A to the C64 (protocol: the banner).
; in: A  out: -  clobbers: A X
.proc send
        sta     byte
        and     #$0F
        tax
        lda     pair_low, x             ; bits 0-1 as port values
        sta     pairs + 0
        lda     pair_high, x            ; bits 2-3
        sta     pairs + 1
        lda     byte
        lsr
        lsr
        lsr
        lsr
        tax
        lda     pair_low, x             ; bits 4-5
        sta     pairs + 2
        lda     pair_high, x            ; bits 6-7
        sta     pairs + 3
        lda     #DATA_OUT
        sta     VIA1_PB                 ; ready
        lda     #CLK_IN
:       bit     VIA1_PB
        beq     :-                      ; the C64 pulls CLK: send it
        ldx     #0
        stx     VIA1_PB                 ; DATA released: seen
:       bit     VIA1_PB                 ; 7-cycle loop: time zero found within 7 cycles
        bne     :-
        lda     pairs + 0               ; each pair out 10 cycles after the read that saw
        sta     VIA1_PB                 ; time zero, then every PHASE (14) cycles
        nop
        nop
        nop
        lda     pairs + 1
        sta     VIA1_PB
        nop
        nop
        nop
        lda     pairs + 2
        sta     VIA1_PB
        nop
        nop
        nop
        lda     pairs + 3
        sta     VIA1_PB
        ldx     #0                      ; held 16 cycles: past the C64's last read, before it
        nop                             ; looks for the next "ready"
        nop
        nop
        nop
        nop
        stx     VIA1_PB
        rts
.endproc

; A nibble's two bit pairs as port values: a 1 bit is a released line, so a 0 bit pulls it
; (CLK carries the even bit, DATA the odd one).
.define PULLS(bits) ((((bits) & 1) ^ 1) * CLK_OUT) | (((((bits) >> 1) & 1) ^ 1) * DATA_OUT)
pair_low:
.repeat 16, n
        .byte   PULLS(n)
.endrepeat
pair_high:
.repeat 16, n
        .byte   PULLS(n >> 2)
.endrepeat
pairs:  .res    4
byte:   .res    1
