; input.s — keys through the KERNAL: GETIN reads the buffer the KERNAL's IRQ fills from the
; keyboard matrix, so any machine (or emulator) that feeds that buffer drives the game.

.include "c64.inc"
.include "game.inc"
.include "globals.inc"

.segment "CODE"

; Wait for a key; meanwhile the dictionary unpacks on, a prefix group per step (dict_step: a
; no-op once it is over; a step is ~7 ms, the longest group ~80 ms).
; in: dict_start done  out: A = PETSCII code, never 0  clobbers: X Y
.proc wait_key
@poll:  jsr     KERNAL_GETIN
        tax                             ; GETIN's own flags are not part of its contract
        bne     @key
        jsr     dict_step
        jmp     @poll
@key:   jmp     sound_click             ; keeps A
.endproc

; Letter keys: A..Z unshifted ($41-$5A) or shifted ($C1-$DA, graphics in upper-case mode).
; in: A = PETSCII  out: C = 1 and A = letter 0..25, or C = 0 and A unchanged  clobbers: nothing
.proc key_to_letter
        cmp     #$41
        bcc     @no
        cmp     #$5B
        bcc     @unshifted
        cmp     #$C1
        bcc     @no
        cmp     #$DB
        bcs     @no
        sbc     #$C1 - 1                ; C = 0 here: subtracts $C1; no borrow: C = 1
        rts
@unshifted:
        sbc     #$41 - 1                ; C = 0 here: subtracts $41; no borrow: C = 1
        rts
@no:    clc
        rts
.endproc

; Digit keys.
; in: A = PETSCII  out: C = 1 and A = 0..9, or C = 0 and A unchanged  clobbers: nothing
.proc key_to_digit
        cmp     #'0'
        bcc     @no
        cmp     #'9' + 1
        bcs     @no
        sbc     #'0' - 1                ; C = 0 here: subtracts '0'; no borrow: C = 1
        rts
@no:    clc
        rts
.endproc
