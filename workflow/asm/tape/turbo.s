; turbo.s — the turbo tape loader and the boot file that starts it (issue 13).
;
; The tape (wordle64.media.turbo writes it): a standard KERNAL file, the boot file, whose header
; block carries LOADER in its 171 free bytes (the KERNAL reads the header into the tape buffer,
; so the loader sits at $0351 once the boot file is loaded), then the game in turbo blocks.
; The boot file is one BASIC line, `0 SYS2061`, and boot_init: the player types RUN, the
; loader runs.
;
; Turbo format (our own; why: Turbo Tape 64's 208/320-cycle pulses give ~466 B/s, too slow
; for the 75 s target with the boot file and the FOUND pause; ours are 160/288 cycles,
; ~550 B/s, and still decode at ±6 % speed with ±24 cycles of jitter, the threshold of 224
; cycles sitting 64 cycles from either pulse): one bit per pulse, short = 0, long = 1, bytes
; MSB first. A block: zero bits (the pilot), SYNC1 SYNC2, remaining blocks after this one,
; load address (lo, hi), 256 bytes, then the XOR of every byte from SYNC2 on. The last
; block has remaining = 0 and is padded with zeros.
;
; Pulses are timed with CIA2 timer B in one-shot mode, restarted at every edge of the tape
; signal (CIA1 ICR bit 4, polled with interrupts off): an underflow before the next edge
; means a long pulse. Each byte goes to the border colour (the stripes of a turbo load);
; the screen is blanked while the tape runs. On a checksum error the motor stops, the screen
; comes back with LOAD ERROR, and the loader waits for PLAY to be released (the player
; presses STOP, rewinds) and pressed again, then starts over.

.include "c64.inc"

.ifndef THRESHOLD
THRESHOLD       = 224           ; cycles: a shorter pulse is a 0 bit, a longer one a 1 bit
.endif                          ; (the build passes wordle64.media.turbo.TurboTiming's value)
SYNC1           = $96           ; first sync byte (found bit by bit after the pilot zeros)
SYNC2           = $69           ; second sync byte (checked byte-aligned)
CIA2_TB_ONESHOT = %00011001     ; start, one-shot, force load, count cycles
SENSE_PLAY      = $10           ; $01 bit 4: 0 while a datasette key is down
MOTOR_OFF       = $20           ; $01 bit 5: 1 stops the motor
MOTOR_INTERLOCK := $C0          ; KERNAL: 0 lets its IRQ start the motor while a key is down
CTRL1_TEXT      = $1B           ; VIC_CTRL1 as the KERNAL sets it: text, 25 rows, display on
CTRL1_BLANK     = CTRL1_TEXT & $EF  ; the same with bit 4 (display) off
.assert CTRL1_TEXT <> 0, error, "turbo.s: CTRL1_TEXT doubles as the motor interlock value"
ICR_FLAG        = $10           ; CIA1 ICR bit 4: an edge from the tape
.ifndef GAME_START
GAME_START      = 2061          ; SYS target of the game's BASIC stub (basic_stub.s)
.endif

.segment "LOADERZP": zeropage
ptr:            .res 2          ; where the current block's next byte goes
check:          .res 1          ; XOR of the block so far
value:          .res 1          ; the byte being shifted in (get_byte)

.segment "BOOTADDR"
        .addr   boot_line       ; the boot PRG's load address

.segment "BOOT"
; The boot file: `0 SYS2061` and boot_init, which sets the timer up once and jumps to the
; loader (the turbo blocks overwrite this file: nothing here runs again).
boot_line:
        .word   @end            ; link to the next line
        .word   0               ; line number
        .byte   $9E, "2061", 0  ; SYS 2061
@end:   .word   0               ; end of program

; boot_init: CIA2 timer B's latch = THRESHOLD, CIA2 interrupts (NMI) off; then turbo_load.
; in: nothing  out: never returns  clobbers: A, Y, check
.proc boot_init
        lda     #$7F
        sta     CIA2_ICR                ; no NMI from CIA2's timers
        lda     #<THRESHOLD
        sta     CIA2_TBLO
        lda     #>THRESHOLD
        sta     CIA2_TBHI
        ldy     #0
        sty     check                   ; get_byte XORs every byte into check
        jmp     turbo_load
.endproc
.assert boot_init = 2061, error, "the boot line says SYS2061"

.segment "LOADER"

; turbo_load: load the game's turbo blocks from tape, then start it at GAME_START.
; in: PLAY down, the tape after the boot file  out: never returns (jumps to the game)
; clobbers: A, X, Y, ptr, check, value, CIA2 timer B, the stack (one byte per retry)
.proc turbo_load
        sei
        lda     #CTRL1_BLANK
        sta     VIC_CTRL1               ; blank the screen: no bad lines, border only
        lda     CPU_PORT
        and     #<~MOTOR_OFF
        sta     CPU_PORT                ; motor on
@block: jsr     get_bit                 ; shift bits in until SYNC1 shows (after the zeros)
        rol     value
        lda     value
        cmp     #SYNC1
        bne     @block
        jsr     get_byte                ; check is 0 here (set so, or left so by a good block)
        cmp     #SYNC2
        bne     @block
        jsr     get_byte
        pha                             ; blocks after this one
        jsr     get_byte
        sta     ptr
        jsr     get_byte
        sta     ptr+1
@data:  jsr     get_byte                ; 256 bytes (the last block is padded with zeros)
        sta     (ptr),y
        iny
        bne     @data
        jsr     get_byte                ; the checksum: check becomes 0 when all is well
        lda     check
        bne     @stop                   ; A <> 0: a bad block
        pla
        bne     @block                  ; A = 0 after the last block
@stop:  tax
        lda     CPU_PORT
        ora     #MOTOR_OFF
        sta     CPU_PORT                ; motor off
        lda     #CTRL1_TEXT
        sta     VIC_CTRL1               ; screen on
        sta     MOTOR_INTERLOCK         ; <> 0: the KERNAL's IRQ leaves the motor off while
        txa                             ; PLAY stays down (else it starts it once cli runs)
        bne     @failed
        cli
        jmp     GAME_START
@failed:
        ldx     #message_end - message
@print: lda     message-1,x             ; the message is stored backwards
        jsr     KERNAL_CHROUT
        dex
        bne     @print
        stx     check                   ; 0 again for the retry (Y is 0: the data loop wrapped)
        lda     #SENSE_PLAY
@up:    bit     CPU_PORT                ; wait for STOP on the datasette (rewind) ...
        beq     @up
@down:  bit     CPU_PORT                ; ... and PLAY again
        bne     @down
        beq     turbo_load
.endproc

; get_byte: eight bits, MSB first; the byte also goes to the border and into check.
; in: check  out: A = the byte, check ^= A  clobbers: X, value
.proc get_byte
        ldx     #8
@bit:   jsr     get_bit
        rol     value
        dex
        bne     @bit
        lda     value
        sta     VIC_BORDER
        eor     check
        sta     check
        lda     value
        rts
.endproc

; get_bit: wait for the next tape edge; C = 1 when the pulse was long.
; in: nothing  out: C  clobbers: A
.proc get_bit
        lda     #ICR_FLAG
@edge:  bit     CIA1_ICR                ; the datasette's edge sets FLAG
        beq     @edge
        lda     CIA2_ICR                ; bit 1: timer B ran out, the pulse was long
        lsr     a
        lsr     a
        lda     #CIA2_TB_ONESHOT
        sta     CIA2_CRB                ; time the next pulse from here
        rts
.endproc

; "LOAD ERROR: REWIND\r" backwards (printed from the end; RUN left the cursor on a new line)
message:
        .byte   $0D, "DNIWER :RORRE DAOL"
message_end:

.assert turbo_load = $0351, error, "the loader must start right after the header's name"
