; turbo.s — the turbo tape loader and the boot file that starts it.
;
; The tape (wordle64.media.turbo writes it; docs/tape.md has the format and what it
; guarantees): a KERNAL file, the boot file, whose header block carries LOADER in its 171 free
; bytes (the KERNAL reads the header into the tape buffer, so the loader sits at $0351 before the
; boot file's data arrives), then the game in turbo blocks. The boot file ($0218-$0315) is
; recorded once, and it ends on the IRQ vector: the last byte the KERNAL stores points the next
; interrupt at `autostart` ($0231). The Commodore KERNAL takes that interrupt while it still
; reads the file (its tape IRQ goes through $0314); the Open ROMs, which read the tape with
; interrupts mostly off, take it just after their LOAD. Between the vector's two bytes its low
; byte alone has changed, so it stays $31: $EA31 is the Open ROMs' own IRQ, and $F931 is five
; bytes into the Commodore KERNAL's tape IRQ ($F92C), where the timer-reading loop finds the
; timer changed (X holds the stack pointer, not its high byte) and starts again at $F92C.
; Either way nobody types RUN. `autostart` checks the boot file's XOR (the Commodore KERNAL never
; gets to its own checksum); when it is wrong, TAPE ERROR, and the KERNAL loads the file again.
;
; Turbo format: one bit per pulse, short = 0, long = 1, bytes MSB first. The tape speed is
; measured, not assumed: after a lead-in of zero bits (found as LEAD_ZEROS short pulses in a row,
; short against LEAD_THRESHOLD, which no KERNAL pulse is) the loader times CALIBRATION_PULSES of
; them and takes their sum / 64 as the threshold, the same fraction of a short pulse at any speed.
; A block: zero bits, SYNC1 (found bit by bit), SYNC2, its number (blocks after it), 256 bytes,
; the XOR of every byte from SYNC2 on. The loader knows the load address and the number of
; blocks (-D LOAD_ADDRESS, -D BLOCKS): the tape names no address, so no bit error can send a
; block elsewhere; a block whose number is not the next one, a bad XOR, or a wait that lasts too
; long (no edge, or no block, within STALL units of polling) stops the motor and shows
; TAPE ERROR. The game starts only after the last block checked.
;
; Pulses are timed with CIA2 timer B in one-shot mode, restarted at every edge of the tape
; signal (CIA1 ICR bit 4, polled with interrupts off) before its flag is read, so the flag says
; whether the pulse that just ended outlasted the threshold, never an older one.

.include "c64.inc"

.ifndef LEAD_THRESHOLD
LEAD_THRESHOLD  = 264           ; cycles: the lead-in's pulses are shorter, a KERNAL pulse longer
.endif                          ; (the build passes wordle64.media.turbo.TurboTiming's values)
.ifndef LOAD_ADDRESS
LOAD_ADDRESS    = $0801         ; where block 0 goes; block n at LOAD_ADDRESS + 256 n
.endif
.ifndef BLOCKS
BLOCKS          = 91            ; turbo blocks on the tape
.endif
.ifndef GAME_START
GAME_START      = 2061          ; SYS target of the game's BASIC stub (basic_stub.s)
.endif
.ifndef BOOT_BALANCE
BOOT_BALANCE    = 0             ; the byte that makes the boot file's XOR 0 (the build's 2nd pass)
.endif
BOOT_START      = $0218         ; the boot file: from past a typed LOAD line ...
BOOT_END        = $0316         ; ... up to the IRQ vector's high byte
KERNAL_IRQ      = $EA31         ; the KERNAL's IRQ (both KERNALs'), in $0314 while the Open ROMs load
KERNAL_TAPE_IRQ = $F92C         ; the Commodore KERNAL's tape read IRQ, in $0314 while it loads
FILE_NAME_LENGTH := $B7         ; KERNAL: SETNAM's length
TRDTMP          := $02A3        ; the Commodore KERNAL's tape IRQ stores CIA1's ICR here, per pulse
TRDTMP_LOADING  = $90           ; ... an edge: the value the boot file holds there
LEAD_ZEROS      = 256           ; short pulses in a row that mark the lead-in (Y wraps)
CALIBRATION_PULSES = 97         ; timed lead-in pulses: their sum / 64 = 1.516 short pulses
CALIBRATION_SHIFT = 6           ; the / 64
STALL_START     = 48            ; polling units (65,536 polls each) allowed before the first block
STALL_BLOCK     = 3             ; ... and before each next block
SYNC1           = $96           ; first sync byte (found bit by bit after the zeros)
SYNC2           = $69           ; second sync byte (checked byte-aligned)
CIA2_TA_CONTINUOUS = %00010001  ; start, continuous, force load, count cycles
CIA2_TB_ONESHOT = %00011001     ; start, one-shot, force load, count cycles
SENSE_PLAY      = $10           ; $01 bit 4: 0 while a datasette key is down
MOTOR_OFF       = $20           ; $01 bit 5: 1 stops the motor
MOTOR_INTERLOCK := $C0          ; KERNAL: 0 lets its IRQ start the motor while a key is down
KEYS_WAITING    := $C6          ; KERNAL: keys in the keyboard buffer
CTRL1_TEXT      = $1B           ; VIC_CTRL1 as the KERNAL sets it: text, 25 rows, display on
CTRL1_BLANK     = CTRL1_TEXT & $EF  ; the same with bit 4 (display) off
.assert CTRL1_TEXT <> 0, error, "turbo.s: CTRL1_TEXT doubles as the motor interlock value"
ICR_FLAG        = $10           ; CIA1 ICR bit 4: an edge from the tape
.assert <LOAD_ADDRESS = <(LOAD_ADDRESS + 256), error, "blocks are whole pages apart"

.segment "LOADERZP": zeropage
ptr:            .res 2          ; where the current block's next byte goes
check:          .res 1          ; XOR of the block so far
value:          .res 1          ; the byte being shifted in; the sync search's last 8 bits

.segment "LOADERVARS"
remaining:      .res 1          ; the number the next block must carry (blocks after it)
stall:          .res 1          ; polling units left before a wait is given up
polls:          .res 1          ; 256-poll rounds left in the current unit

.segment "BOOTADDR"
        .addr   BOOT_START      ; the boot file's load address

.segment "BOOTHEAD"

; boot_error: the boot file read wrong (its code may be wrong too): TAPE ERROR: REWIND AND PRESS
; PLAY; once the player has, the KERNAL's LOAD again, with the player's name and
; device (its last byte starts autostart again; a KERNAL that gets to return comes back here).
; in: anything  out: never returns  clobbers: everything
.proc boot_error
        jsr     report
        ldx     #$FF
        txs                             ; each retry starts from an empty stack
        lda     #0
        sta     FILE_NAME_LENGTH        ; any name (the typed one may be overwritten)
        jsr     KERNAL_LOAD             ; A = 0: LOAD, not VERIFY
        jmp     autostart
.endproc

; start_game: the tape stopped, the game.
; in: the game loaded and checked  out: never returns  clobbers: everything
.proc start_game
        jsr     stop_tape
        cli
        jmp     GAME_START
.endproc

.segment "AUTOSTART"

; autostart: the boot file's XOR checked, the CIAs as at reset, then turbo_load. Reached
; through the IRQ vector the boot file's last bytes set, as an interrupt: whatever it
; interrupted is never resumed.
; in: the boot file in place  out: never returns  clobbers: everything
.proc autostart
        lda     #TRDTMP_LOADING
        sta     TRDTMP                  ; the KERNAL's scratch byte as the file holds it
        ldx     #BOOT_END - BOOT_START
        lda     #0
@sum:   eor     BOOT_START-1,x          ; every byte
        dex
        bne     @sum
        tax
        beq     @good
        jmp     boot_error              ; a byte read wrong: the code may be wrong too
@good:  jsr     KERNAL_IOINIT           ; no NMIs from CIA2's timers (the Open ROMs run one)
        jmp     turbo_load
.endproc
.assert BOOT_END - BOOT_START < 256, error, "autostart sums the boot file with X"
.assert <autostart = <KERNAL_IRQ, error, "the IRQ vector's low byte stays the Open ROMs' IRQ's"
.assert <autostart - <KERNAL_TAPE_IRQ = 5, error, "the Commodore tape IRQ entered past its LDX/LDY"

; stop_tape: the CIAs as at reset (the motor off, CIA1's jiffy IRQ back), the KERNAL's vectors,
; the screen on, the KERNAL's motor interlock set (<> 0: its IRQ leaves the motor off while PLAY
; stays down, else it starts it once cli runs).
; in: nothing  out: A = CTRL1_TEXT  clobbers: A, X, Y
.proc stop_tape
        jsr     KERNAL_IOINIT
        jsr     KERNAL_RESTOR
        lda     #CTRL1_TEXT
        sta     VIC_CTRL1
        sta     MOTOR_INTERLOCK
        rts
.endproc

; get_bit: wait for the next tape edge; C = 1 when the pulse was long. Gives up (tape_error)
; when the polls since the last block run past `stall` units.
; in: X = polls left in this round  out: C  clobbers: A, X
.proc get_bit
        lda     #ICR_FLAG
@edge:  bit     CIA1_ICR                ; the datasette's edge sets FLAG
        bne     @got
        dex
        bne     @edge
        dec     polls
        bne     @edge
        dec     stall
        bne     @edge
        jmp     tape_error
@got:   lda     #CIA2_TB_ONESHOT
        sta     CIA2_CRB                ; time the next pulse from here, then ...
        lda     CIA2_ICR                ; ... bit 1: timer B ran out, the pulse was long
        lsr     a
        lsr     a
        rts
.endproc

.segment "KERNALVARS"
; $0281-$0292 as the KERNAL keeps them (the start of RAM and the top of BASIC, the text colour,
; the screen's page, the keyboard's settings and decoding vector)
        .word   $0800, $A000            ; MEMSTR, MEMSIZ
        .byte   0, $0E, $0E, >SCREEN    ; TIMOUT, COLOR, GDCOL, HIBASE
        .byte   10, 0, 4, 10, 0, 0      ; XMAX, RPTFLG, KOUNT, DELAY, SHFLAG, LSTSHF
        .word   $EB48                   ; KEYLOG
        .byte   0, 0                    ; MODE, AUTODN

.segment "RS232"

; tape_error: TAPE ERROR: REWIND AND PRESS PLAY; once the player has, the load starts again
; from the lead-in.
; in: anything  out: never returns  clobbers: everything
.proc tape_error
        jsr     report
        jmp     turbo_load
.endproc

.segment "TAPEVARS"
; $029F-$02A6 as the Commodore KERNAL has them while it reads a file: the IRQ vector to put
; back afterwards, RS-232 off, its CIA1 copies, PAL
        .word   $EA31                   ; IRQTMP
        .byte   0, $11, TRDTMP_LOADING, $11, 0, 1  ; ENABL, TODSNS, TRDTMP, TD1IRQ, TLNIDX, PALNTS

.segment "VECTORS"
; $0300-$0315: BASIC's vectors and USR as both KERNALs set them, then the IRQ vector: the
; boot file's last two bytes, the autostart
        .addr   $E38B, $A483, $A57C, $A71A, $A7E4, $AE86  ; IERROR IMAIN ICRNCH IQPLOP IGONE IEVAL
        .byte   0, 0, 0, 0              ; SYS's registers
        .byte   $4C                     ; USR: JMP ...
        .addr   $B248                   ; ... ?ILLEGAL QUANTITY
        .byte   BOOT_BALANCE            ; (unused by both): the XOR of the file becomes 0
        .addr   autostart               ; CINV
.assert * = BOOT_END, error, "the boot file ends on the IRQ vector"

.segment "RESIDENT"

; report: TAPE ERROR: REWIND AND PRESS PLAY, the tape stopped; returns when the player has
; rewound (the datasette's keys up, then PLAY down).
; in: nothing  out: PLAY down  clobbers: everything
.proc report
        jsr     stop_tape               ; first: IOINIT may touch the screen
        ldx     #message_end - message
@print: lda     message-1,x             ; the message is stored backwards
        jsr     KERNAL_CHROUT
        dex
        bne     @print
        lda     #SENSE_PLAY
@up:    bit     CPU_PORT                ; wait for STOP on the datasette (rewind) ...
        beq     @up
@down:  bit     CPU_PORT                ; ... and PLAY again
        bne     @down
        rts
.endproc

; "\rTAPE ERROR: REWIND AND PRESS PLAY\r" backwards (printed from the end)
message:
        .byte   $0D, "YALP SSERP DNA DNIWER :RORRE EPAT", $0D
message_end:

; get_byte: eight bits, MSB first; the byte also goes to the border and into check.
; in: check  out: A = the byte, check ^= A  clobbers: X, value
.proc get_byte
        lda     #1                      ; a marker bit: eight rols carry it out
        sta     value
@bit:   jsr     get_bit
        rol     value
        bcc     @bit
        lda     value
        sta     VIC_BORDER
        eor     check
        sta     check
        lda     value
        rts
.endproc

.segment "LOADER"

; turbo_load: find the lead-in, measure the tape's speed, load the blocks, start the game.
; in: PLAY down, the tape anywhere before the lead-in  out: never returns (jumps to the game,
; or to tape_error)  clobbers: everything, CIA2 timers A and B
.proc turbo_load
        sei
        ldx     #$FF
        txs                             ; the stack is ours (the game's too, later)
        stx     CIA2_TALO
        stx     CIA2_TAHI               ; timer A's latch: the calibration's stopwatch
        lda     #CTRL1_BLANK
        sta     VIC_CTRL1               ; blank the screen: no bad lines, border only
        lda     CPU_PORT
        and     #<~MOTOR_OFF
        sta     CPU_PORT                ; motor on
        lda     #<LOAD_ADDRESS
        sta     ptr
        lda     #>LOAD_ADDRESS
        sta     ptr+1
        lda     #BLOCKS - 1
        sta     remaining
        lda     #STALL_START
        sta     stall
        lda     #<LEAD_THRESHOLD
        sta     CIA2_TBLO
        lda     #>LEAD_THRESHOLD
        sta     CIA2_TBHI
@lead:  ldy     #<LEAD_ZEROS            ; count short pulses in a row
@zero:  jsr     get_bit
        bcs     @lead
        iny
        bne     @zero
        lda     #CIA2_TA_CONTINUOUS
        sta     CIA2_CRA                ; the stopwatch runs from $FFFF ...
        ldy     #CALIBRATION_PULSES
@time:  jsr     get_bit
        dey
        bne     @time
        sty     CIA2_CRA                ; ... stopped after them (Y = 0)
        lda     CIA2_TALO
        eor     #$FF
        sta     value                   ; elapsed = $FFFF - the count, low byte
        lda     CIA2_TAHI
        eor     #$FF
        ldx     #CALIBRATION_SHIFT
@scale: lsr     a
        ror     value
        dex
        bne     @scale
        ldx     value
        stx     CIA2_TBLO               ; the threshold for the blocks
        sta     CIA2_TBHI
@sync:  jsr     get_bit                 ; shift bits in until SYNC1 shows (after the zeros)
        rol     value
        lda     value
        cmp     #SYNC1
        bne     @sync
        ldy     #0
        sty     check
        jsr     get_byte
        cmp     #SYNC2
        bne     @sync                   ; not a block: go on searching from here
        jsr     get_byte
        cmp     remaining
        bne     @error                  ; a block missing, or a bit of its number wrong
@data:  jsr     get_byte                ; 256 bytes (the last block is padded with zeros)
        sta     (ptr),y
        iny
        bne     @data
        jsr     get_byte                ; the checksum: check becomes 0 when all is well
        lda     check
        bne     @error
        lda     #STALL_BLOCK
        sta     stall
        inc     ptr+1
        dec     remaining
        bpl     @sync                   ; remaining was not 0
        sty     KEYS_WAITING            ; Y = 0: nothing typed during the load reaches the game
        jmp     start_game
@error: jmp     tape_error
.endproc

.assert turbo_load = $0351, error, "the loader starts right after the header's name"
.assert BLOCKS <= 128, error, "turbo_load counts the blocks down with bpl"
