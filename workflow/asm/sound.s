; sound.s — SID effects (key click, a tone per revealed tile, a win tune, a loss sound), the
; menu's sound switch, and waiting whole jiffies (the reveal animation's and the tunes' clock).
; Every SID write goes through sid_write (sid_store does it), so a harness can record them all.
;   voice 1: key click (noise, 6 ms)   voice 2: tile tones (triangle)   voice 3: tunes (sawtooth)

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

SID             := $D400
VOICE_CTRL      = 4             ; register offsets within a voice
VOICE_AD        = 5
VOICE_SR        = 6
SID_MODE_VOLUME = $18
GATE            = $01
TUNE_JIFFIES    = 6             ; each note of the win / loss tunes (0.1 s)

.segment "DATA"
anim_jiffies:   .byte   6       ; jiffies a revealed tile and a tune note last (6: 0.1 s);
                                ; 0: no waiting (the py65 harness sets 0 to run at full speed)

.segment "RODATA"
voice_base:     .byte   0, 7, 14
voice_wave:     .byte   $80, $10, $20           ; noise, triangle, sawtooth
voice_ad:       .byte   $00, $0A, $09           ; attack 2 ms; decay 6 ms / 1.5 s / 750 ms
; notes (PAL: register = Hz * 17.03): click, G3 C4 E4 G4 C5 E5 G5 C6
NOTE_CLICK      = 0
NOTE_G3         = 1
NOTE_G4         = 4
NOTE_G5         = 7
note_lo:        .byte   <$6000, <3338, <4462, <5620, <6676, <8907, <11225, <13352, <17830
note_hi:        .byte   >$6000, >3338, >4462, >5620, >6676, >8907, >11225, >13352, >17830
tile_note:      .byte   NOTE_G3, NOTE_G4, NOTE_G5       ; by mark: absent, elsewhere, right
win_tune:       .byte   5, 6, 7, 8, $FF                 ; C5 E5 G5 C6
loss_tune:      .byte   4, 3, 2, 1, $FF                 ; G4 E4 C4 G3

.segment "CODE"

.segment "INIT"                         ; start-up only (dict.s: the table reuses it later)

; Volume and the voices' envelopes.
; in: nothing  out: SID set up  clobbers: A X Y
.proc sound_init
        ldy     #2
@voice: ldx     voice_base, y
        lda     voice_ad, y
        inx
        inx
        inx
        inx
        inx
        jsr     sid_write               ; attack / decay
        inx
        lda     #$00                    ; sustain 0, release 6 ms: every sound dies away
        jsr     sid_write
        dey
        bpl     @voice
        ldx     #SID_MODE_VOLUME
        lda     #$0F
        jmp     sid_write
.endproc

.segment "CODE"

; Write a SID register, unless sound is off.
; in: X = register 0..$18, A = value  out: written  clobbers: nothing (flags)
.proc sid_write
        pha
        lda     opt_sound
        bne     @on
        pla
        rts
@on:    pla
        ; fall through
.endproc

; The one instruction that writes the SID (the harness records its calls).
; in: X = register, A = value  out: written  clobbers: nothing
.proc sid_store
        sta     SID, x
        rts
.endproc

; Retrigger a voice with a note.
; in: A = note (note_lo / note_hi index), Y = voice 0..2  out: sounding  clobbers: A
.proc sid_note
        stx     @saved_x
        tax
        lda     note_lo, x
        pha
        lda     note_hi, x
        ldx     voice_base, y
        inx
        jsr     sid_write               ; frequency high
        dex
        pla
        jsr     sid_write               ; frequency low
        inx
        inx
        inx
        inx
        lda     voice_wave, y
        jsr     sid_write               ; gate off: the envelope restarts
        ora     #GATE
        jsr     sid_write
        ldx     @saved_x
        rts
.pushseg
.segment "DATA"
@saved_x: .res 1
.popseg
.endproc

; The key click.
; in: nothing  out: clicked  clobbers: nothing
.proc sound_click
        pha
        tya
        pha
        ldy     #0
        lda     #NOTE_CLICK
        jsr     sid_note                ; (keeps X)
        pla
        tay
        pla
        rts
.endproc

; The tone of a tile as it is revealed.
; in: A = mark 0..2  out: sounding  clobbers: A X Y
.proc sound_tile
        tax
        lda     tile_note, x
        ldy     #1
        jmp     sid_note
.endproc

; The win tune: four notes rising, anim_jiffies apart.
; in: nothing  out: played  clobbers: A X Y
.proc sound_win
        ldx     #win_tune - win_tune
        bpl     play_tune
.endproc

; The loss sound: four notes falling, anim_jiffies apart.
; in: nothing  out: played  clobbers: A X Y
.proc sound_loss
        ldx     #loss_tune - win_tune
        ; fall through
.endproc

; in: X = offset of a $FF-terminated tune from win_tune  out: played  clobbers: A X Y
.proc play_tune
@note:  lda     win_tune, x
        bmi     @done
        inx
        ldy     #2
        jsr     sid_note
        txa
        pha
        jsr     wait_tick
        pla
        tax
        jmp     @note
@done:  rts
.endproc

; Wait anim_jiffies jiffies (none when it is 0), reading the clock through RDTIM.
; in: nothing  out: waited  clobbers: A X Y
.proc wait_tick
        lda     anim_jiffies
        beq     @done
        sta     @left
        jsr     KERNAL_RDTIM
        sta     @last
@poll:  jsr     KERNAL_RDTIM
        cmp     @last
        beq     @poll
        sta     @last
        dec     @left
        bne     @poll
@done:  rts
.pushseg
.segment "DATA"
@left:  .res 1
@last:  .res 1
.popseg
.endproc
