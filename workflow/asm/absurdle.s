; absurdle.s — Absurdle: an adversary that never commits to an answer
; (wordle64/solver/absurdle.py on the C64). The answers still possible are a bitmap over the
; answer numbers (dictionary order, as dict_answer_word counts them). After each guess every
; remaining answer is scored, its feedback code (sum of mark * 3^(4 - position), 0..242) kept in
; abs_codes and counted in a 243-entry table; the adversary keeps the largest group, ties going
; to the fewest right-place marks, then the fewest elsewhere marks, then the lowest code; the
; bitmap keeps that group in place. The word list is the dictionary's own table, walked prefix
; by prefix (answer bit of each entry); there is no second copy of it.
;
; Speed: the bitmap drives the walk (prefixes without a remaining answer are skipped); per
; remaining answer a decode and a scorer with the guess's letters patched in (letter counts of
; the answer, five compares); the first guess costs most (results/validate/absurdle.json has the
; measured worst case).
;
; The mode's screen (absurdle_play) reuses the board (six rows scrolling up once full), the
; keyboard and the message lines of board.s; its statistics are its own (abs_played ...).

.include "c64.inc"
.include "globals.inc"
.include "game.inc"

LETTERS         = 5
ROWS            = 6
CODES           = 243           ; 3^5 feedback codes
SOLVED          = CODES - 1     ; five right-place marks
PREFIXES        = 676
ENTRIES         = dict_table + PREFIXES ; the table's 16-bit entries, one per word

.export absurdle_reset, absurdle_guess, absurdle_play, absurdle_progress_hook
.export abs_bitmap, abs_codes, bitmap_end, abs_count_lo, abs_count_hi, abs_left, abs_code
.export abs_guesses
.export abs_played, abs_won, abs_best, abs_total

; Zero page owned by this module (17 bytes).
.segment "ZEROPAGE"
abs_ans:        .res 5          ; the answer being scored
abs_sum:        .res 1          ; its feedback code being summed (keep_group: a bitmap byte)
entry_ptr:      .res 2          ; walks dict_table's entries (Y = byte offset)
bm_ptr:         .res 2          ; bitmap byte of the current answer number
code_ptr:       .res 2          ; abs_codes entry of the current answer number
bm_mask:        .res 1          ; bit of the current answer in *bm_ptr ($80 = lowest number)
index_ptr:      .res 2          ; dict_index + 2 * prefix
aindex_ptr:     .res 2          ; dict_answer_index + 2 * prefix

.segment "ABSBSS"                       ; ABSRAM: the top of RAM below I/O (wordle64.cfg)
abs_count_lo:   .res CODES                  ; answers per feedback code (16-bit, split)
abs_count_hi:   .res CODES
letter_count:   .res 26                     ; scoring: unmatched answer letters (0 between)

.segment "DATA"
abs_bitmap:     .res 2          ; -> bitmap: bit set = answer still possible ($80 of byte 0 = #0);
                                ; right after the dictionary table (absurdle_reset places it)
abs_codes:      .res 2          ; -> feedback of the last guess per answer number (after bitmap)
bitmap_end:     .res 2          ; -> first byte after the bitmap (= abs_codes)
abs_left:       .res 2          ; answers still possible (16-bit LE)
abs_code:       .res 1          ; the adversary's last feedback code
abs_guesses:    .res 2          ; guesses made in this game
abs_played:     .res 2          ; statistics: games started, won, fewest guesses of a win,
abs_won:        .res 2          ;   guesses of all wins (16-bit LE each)
abs_best:       .byte $FF, $FF
abs_total:      .res 2
absurdle_progress_hook:
                rts             ; JMP to a routine called at each new first letter (it
                .addr progress_mark ; may clobber A only); think makes it a JMP
answers_in:     .res 2          ; answers of the current prefix
best_lo:        .res 1          ; choose: the largest group so far
best_hi:        .res 1
best_rank:      .res 1
answer_no:      .res 2          ; count_groups: the answer number being looked for

.segment "RODATA"
bit_mask:       .byte   $80, $40, $20, $10, $08, $04, $02, $01  ; answer number mod 8 -> bit
; per code 0..26 (three marks): 16 * right-place marks + elsewhere marks; tie_rank adds those
; of a code's two halves (code mod 27 and code / 27)
rank27:
.repeat 27, c
rest    .set    c
rights  .set    0
elses   .set    0
.repeat 3
rights  .set    rights + ((rest .mod 3) = 2)    ; (a comparison is 1 when true)
elses   .set    elses + ((rest .mod 3) = 1)
rest    .set    rest / 3
.endrepeat
        .byte   16 * rights + elses
.endrepeat

.segment "CODE"

; absurdle_reset: every answer possible again; a new game (guess count 0).
; in: dict_init done (dict_answer_count)  out: abs_bitmap, abs_left = dict_answer_count,
;     abs_guesses = 0, letter_count and abs_count_* zeroed  clobbers: A X Y
.proc absurdle_reset
        lda     dict_word_count         ; bitmap = ENTRIES + 2 * words (the table's end)
        asl     a
        sta     bm_ptr
        lda     dict_word_count+1
        rol     a
        tax
        lda     bm_ptr
        clc
        adc     #<ENTRIES
        sta     abs_bitmap
        sta     bm_ptr
        txa
        adc     #>ENTRIES
        sta     abs_bitmap+1
        sta     bm_ptr+1
        lda     dict_answer_count+1     ; answers / 8 + 1 bytes of bitmap, then the codes
        sta     abs_left+1
        lsr     a
        sta     bitmap_end+1
        lda     dict_answer_count
        sta     abs_left
        ror     a
        lsr     bitmap_end+1
        ror     a
        lsr     bitmap_end+1
        ror     a
        sec                             ; + 1
        adc     abs_bitmap
        sta     bitmap_end
        sta     abs_codes
        lda     bitmap_end+1
        adc     abs_bitmap+1
        sta     bitmap_end+1
        sta     abs_codes+1
        ldy     #0
@full:  lda     #$FF                    ; every byte full, then the last one as it should be
        sta     (bm_ptr),y
        inc     bm_ptr
        bne     :+
        inc     bm_ptr+1
:       lda     bm_ptr
        cmp     bitmap_end
        bne     @full
        lda     bm_ptr+1
        cmp     bitmap_end+1
        bne     @full
        lda     dict_answer_count       ; the last 0..7 answers: top bits of the last byte
        and     #7
        tax
        lda     #0
@bit:   dex
        bmi     @last
        sec
        ror     a
        bmi     @bit                    ; always (bit 7 set)
@last:  dey                             ; Y = $FF, bm_ptr = bitmap_end - 256: its last byte
        dec     bm_ptr+1
        sta     (bm_ptr),y
        lda     #0
        sta     abs_guesses
        sta     abs_guesses+1
        jmp     clear_counts
.endproc

; clear_counts: no answer counted yet, no letter counted.
; in: nothing  out: abs_count_lo, abs_count_hi, letter_count zeroed  clobbers: A X
.proc clear_counts
        lda     #0
        ldx     #CODES
@zero:  sta     abs_count_lo - 1, x
        sta     abs_count_hi - 1, x
        sta     letter_count + 26 - CODES - 1, x  ; letter_count and the end of abs_count_hi
        dex
        bne     @zero
        rts
.endproc
.assert letter_count = abs_count_hi + CODES, error, "clear_counts: letter_count follows the counts"


; absurdle_guess: the adversary's answer to guess_buf.
; in:  guess_buf (letters 0..25, any word); the bitmap of absurdle_reset and earlier guesses
; out: abs_code and marks_buf = its feedback, abs_left = answers it keeps (bitmap updated),
;      abs_guesses + 1; C = 1 when the feedback is five right-place marks (won)
; clobbers: A X Y; calls absurdle_progress_hook at each new first letter (up to 25 times)
.proc absurdle_guess
        jsr     patch_scorer
        jsr     clear_counts
        inc     abs_guesses
        bne     :+
        inc     abs_guesses+1
:       jsr     count_groups
        jsr     choose_group
        jsr     keep_group
        ldx     #LETTERS - 1            ; marks of the code, last position first
        lda     abs_code
@mark:  ldy     #0
@div3:  cmp     #3                      ; Y = A / 3, A = A mod 3
        bcc     @digit
        sbc     #3
        iny
        bne     @div3                   ; always
@digit: sta     marks_buf,x
        tya
        dex
        bpl     @mark
        lda     abs_code
        cmp     #SOLVED                 ; C = 1: won
        rts
.endproc

; count_groups: score the guess against every remaining answer: abs_codes and the counts.
; The bitmap drives the walk: the next remaining answer number is found (whole zero bytes
; skipped), the prefix cursor moves on to the prefix holding it, and that prefix's entries are
; walked; prefixes without a remaining answer cost a compare, not a walk.
; in: walk_prefix patched, abs_bitmap, counts zero  out: abs_codes of the remaining answers,
;     abs_count_*  clobbers: A X Y
.proc count_groups
        lda     #<dict_index
        sta     index_ptr
        lda     #>dict_index
        sta     index_ptr+1
        lda     #<dict_answer_index
        sta     aindex_ptr
        lda     #>dict_answer_index
        sta     aindex_ptr+1
        lda     #0
        sta     abs_ans
        sta     abs_ans+1
        sta     answer_no
        sta     answer_no+1
@find:  jsr     next_remaining          ; answer_no = the next remaining answer number
        bcc     @done
@cursor:
        ldy     #3                      ; answer_no < answer_index[p + 1]: p holds it
        lda     answer_no+1
        cmp     (aindex_ptr),y
        bcc     @walk
        bne     @later
        dey
        lda     answer_no
        cmp     (aindex_ptr),y
        bcc     @walk
@later: jsr     next_prefix
        jmp     @cursor
@walk:  jsr     prefix_sizes            ; entry_ptr, answers_in, the position at its first
        jsr     walk_prefix
        ldy     #2                      ; answer_no = answer_index[p + 1]
        lda     (aindex_ptr),y
        sta     answer_no
        iny
        lda     (aindex_ptr),y
        sta     answer_no+1
        jsr     next_prefix
        jmp     @find
@done:  rts
.endproc

; next_remaining: the first remaining answer number >= answer_no.
; in: answer_no, abs_bitmap, bitmap_end  out: C = 1 and answer_no = it; C = 0 none left
; clobbers: A Y (bm_ptr, bm_mask)
.proc next_remaining
        jsr     position_bitmap
        ldy     #0
@bit:   lda     (bm_ptr),y
        and     bm_mask
        bne     @found
        inc     answer_no
        bne     :+
        inc     answer_no+1
:       lsr     bm_mask
        bne     @bit
@byte:  inc     bm_ptr                  ; whole bytes: eight answers each
        bne     :+
        inc     bm_ptr+1
:       lda     bm_ptr
        cmp     bitmap_end
        bne     :+
        lda     bm_ptr+1
        cmp     bitmap_end+1
        beq     @none
:       lda     (bm_ptr),y
        bne     @in_byte
        lda     answer_no
        clc
        adc     #8
        sta     answer_no
        bcc     @byte
        inc     answer_no+1
        bne     @byte                   ; always
@in_byte:
        lda     #$80
        sta     bm_mask
        bne     @bit                    ; always
@found: sec
        rts
@none:  clc
        rts
.endproc

; position_bitmap: bm_ptr and bm_mask of answer number answer_no.
; in: answer_no  out: bm_ptr = abs_bitmap + answer_no / 8, bm_mask  clobbers: A Y
.proc position_bitmap
        lda     answer_no
        and     #7
        tay
        lda     bit_mask,y
        sta     bm_mask
        lda     answer_no+1
        sta     bm_ptr+1
        lda     answer_no
        lsr     bm_ptr+1
        ror     a
        lsr     bm_ptr+1
        ror     a
        lsr     bm_ptr+1
        ror     a
        clc
        adc     abs_bitmap
        sta     bm_ptr
        lda     bm_ptr+1
        adc     abs_bitmap+1
        sta     bm_ptr+1
        rts
.endproc

; next_prefix: the prefix cursor moves on (letters too; the progress hook at each new first
; letter).
; in: index_ptr, aindex_ptr, abs_ans+0/1  out: advanced  clobbers: A
.proc next_prefix
        lda     index_ptr
        clc
        adc     #2
        sta     index_ptr
        bcc     :+
        inc     index_ptr+1
:       lda     aindex_ptr
        clc
        adc     #2
        sta     aindex_ptr
        bcc     :+
        inc     aindex_ptr+1
:       inc     abs_ans+1
        lda     abs_ans+1
        cmp     #26
        bne     :+
        lda     #0
        sta     abs_ans+1
        inc     abs_ans
        jmp     absurdle_progress_hook
:       rts
.endproc

; prefix_sizes: the first entry and the answer count of the prefix at index_ptr / aindex_ptr;
; the answer position (bm_ptr, bm_mask, code_ptr) at its first answer.
; in: index_ptr, aindex_ptr  out: entry_ptr = ENTRIES + 2 * index[p], answers_in, answer_no
;     and the position = answer_index[p]  clobbers: A Y
.proc prefix_sizes
        ldy     #0
        lda     (index_ptr),y
        asl     a
        sta     entry_ptr
        iny
        lda     (index_ptr),y
        rol     a
        sta     entry_ptr+1
        lda     entry_ptr
        clc
        adc     #<ENTRIES
        sta     entry_ptr
        lda     entry_ptr+1
        adc     #>ENTRIES
        sta     entry_ptr+1
        ldy     #2
        lda     (aindex_ptr),y
        ldy     #0
        sec
        sbc     (aindex_ptr),y
        sta     answers_in
        ldy     #3
        lda     (aindex_ptr),y
        ldy     #1
        sbc     (aindex_ptr),y
        sta     answers_in+1
        lda     (aindex_ptr),y          ; answer_no = answer_index[p]
        sta     answer_no+1
        dey
        lda     (aindex_ptr),y
        sta     answer_no
        clc
        adc     abs_codes
        sta     code_ptr
        lda     answer_no+1
        adc     abs_codes+1
        sta     code_ptr+1
        jmp     position_bitmap
.endproc

; walk_prefix: the prefix's entries up to its last answer; each remaining answer scored (the
; official rule for repeated letters, as score_guess: right places first, then left to right
; while unmatched copies remain), its code stored and counted. The scorer's guess letters are
; patched in by patch_scorer; letter_count entries of letters outside the guess are never read
; (they only ever grow), those of the guess's letters are 0 between answers.
; in: abs_ans+0/1 = the prefix's letters, entry_ptr, answers_in (> 0), answer position
; out: the answer position past the prefix  clobbers: A X Y
.proc walk_prefix
        ldx     answers_in              ; answers_in = low count, answers_in+1 = rounds
        beq     :+
        inc     answers_in+1
:       ldy     #0
w_scan:  lda     (entry_ptr),y           ; low byte: bit 0 is the answer bit
        lsr     a
        bcs     w_answer
w_step:  iny
        iny
        bne     w_scan
        inc     entry_ptr+1
        bne     w_scan                   ; always
w_answer:
        ldx     #0
        lda     (bm_ptr,x)
        and     bm_mask
        bne     w_decode
        jmp     w_advance
w_decode:
        lda     (entry_ptr),y           ; letters 3-5: l5 = bits 5-1 of the low byte
        lsr     a
        and     #$1F
        sta     abs_ans+4
        lda     (entry_ptr),y
        asl     a                       ; l4 = bits 2-0 of the high byte, bits 7-6 of the low
        rol     a
        rol     a
        and     #$03
        sta     abs_ans+3
        iny
        lda     (entry_ptr),y
        dey
        tax
        and     #$07
        asl     a
        asl     a
        ora     abs_ans+3
        sta     abs_ans+3
        txa                             ; l3 = bits 7-3 of the high byte
        lsr     a
        lsr     a
        lsr     a
        sta     abs_ans+2
        lda     #0
        sta     abs_sum
weight  .set    81                      ; 3^(4 - i) while i runs
.repeat ::LETTERS, i                    ; right place: + 2 * 3^(4 - i); else count the letter
        lda     abs_ans + i
.ident(.sprintf("green_%d", i)):
        cmp     #0                      ; patched: guess letter i
        bne     :+
        lda     abs_sum
        adc     #2 * weight - 1         ; (C = 1: equal)
        sta     abs_sum
        jmp     :++
:       tax
        inc     letter_count,x
:
weight  .set    weight / 3
.endrepeat
weight  .set    81
.repeat ::LETTERS, i                    ; elsewhere: an unmatched copy left, not right here
.ident(.sprintf("count_%d", i)):
        lda     letter_count            ; patched: letter_count + guess letter i
        beq     :+
        lda     abs_ans + i
.ident(.sprintf("again_%d", i)):
        cmp     #0                      ; patched: guess letter i
        beq     :+
.ident(.sprintf("take_%d", i)):
        dec     letter_count            ; patched
        lda     abs_sum
        clc
        adc     #weight
        sta     abs_sum
:
weight  .set    weight / 3
.endrepeat
        lda     #0
.repeat ::LETTERS, i
.ident(.sprintf("clear_%d", i)):
        sta     letter_count            ; patched: letter_count + guess letter i
.endrepeat
        ldx     abs_sum
        inc     abs_count_lo,x
        bne     :+
        inc     abs_count_hi,x
:       txa
        ldx     #0
        sta     (code_ptr,x)
w_advance:
        inc     code_ptr                ; the next answer number
        bne     :+
        inc     code_ptr+1
:       lsr     bm_mask
        bne     :+
        ror     bm_mask                 ; C = 1 here: $80 again
        inc     bm_ptr
        bne     :+
        inc     bm_ptr+1
:       dec     answers_in
        beq     :+
        jmp     w_step
:       dec     answers_in+1
        beq     :+
        jmp     w_step
:       rts
.repeat ::LETTERS, i                    ; patch_scorer: each run's blocks of one length
.assert .ident(.sprintf("green_%d", i)) = green_0 + i * (green_1 - green_0), error, "uneven"
.assert .ident(.sprintf("count_%d", i)) = count_0 + i * (count_1 - count_0), error, "uneven"
.assert .ident(.sprintf("again_%d", i)) = again_0 + i * (count_1 - count_0), error, "uneven"
.assert .ident(.sprintf("take_%d", i)) = take_0 + i * (count_1 - count_0), error, "uneven"
.assert .ident(.sprintf("clear_%d", i)) = clear_0 + i * (clear_1 - clear_0), error, "uneven"
.endrepeat
.endproc

; walk_prefix's unrolled runs: one block of fixed length per letter (patch_scorer steps by it)
GREEN_BLOCK     = walk_prefix::green_1 - walk_prefix::green_0
ELSE_BLOCK      = walk_prefix::count_1 - walk_prefix::count_0
CLEAR_BLOCK     = walk_prefix::clear_1 - walk_prefix::clear_0
.assert CLEAR_BLOCK = 3, error, "patch_scorer: one STA per letter in walk_prefix's clear run"
.assert >letter_count = >(letter_count + 25), lderror, "letter_count must not cross a page"

; patch_scorer: the guess's letters into the scorer of walk_prefix (compare immediates and the
; low bytes of letter_count addresses: the counts lie in one page), so it spends no cycles
; fetching them. Each unrolled run of walk_prefix repeats a block of fixed length per letter.
; in: guess_buf  out: walk_prefix patched  clobbers: A X Y
.proc patch_scorer
        ldx     #::LETTERS - 1          ; X = letter, Y = its block in the run
        ldy     #(::LETTERS - 1) * GREEN_BLOCK
@green: lda     guess_buf,x
        sta     walk_prefix::green_0 + 1,y
        tya
        sec
        sbc     #GREEN_BLOCK
        tay
        dex
        bpl     @green
        ldx     #::LETTERS - 1
        ldy     #(::LETTERS - 1) * ELSE_BLOCK
@else:  lda     guess_buf,x
        sta     walk_prefix::again_0 + 1,y
        clc
        adc     #<letter_count          ; no carry: the counts lie in one page
        sta     walk_prefix::count_0 + 1,y
        sta     walk_prefix::take_0 + 1,y
        tya
        sec
        sbc     #ELSE_BLOCK
        tay
        dex
        bpl     @else
        ldx     #::LETTERS - 1
        ldy     #(::LETTERS - 1) * CLEAR_BLOCK
@clear: lda     guess_buf,x
        clc
        adc     #<letter_count
        sta     walk_prefix::clear_0 + 1,y
        dey
        dey
        dey
        dex
        bpl     @clear
        rts
.endproc

; choose_group: the code the adversary answers: the largest count; ties: the smallest tie_rank
; (fewest right-place, then fewest elsewhere marks), then the lowest code.
; in: abs_count_*  out: abs_code, abs_left = its count  clobbers: A X Y
.proc choose_group
        lda     #0
        sta     best_lo
        sta     best_hi
        sta     best_rank               ; empty groups never win: rank 0 cannot be beaten
        ldx     #0
@code:  lda     abs_count_hi,x
        cmp     best_hi
        bcc     @next
        bne     @take
        lda     abs_count_lo,x
        cmp     best_lo
        bcc     @next
        bne     @take
        jsr     tie_rank
        cmp     best_rank
        bcs     @next
@take:  lda     abs_count_lo,x
        sta     best_lo
        lda     abs_count_hi,x
        sta     best_hi
        jsr     tie_rank
        sta     best_rank
        stx     abs_code
@next:  inx
        cpx     #CODES
        bne     @code
        lda     best_lo
        sta     abs_left
        lda     best_hi
        sta     abs_left+1
        rts
.endproc

; tie_rank: the adversary's preference among equal groups (the smaller wins): 16 * right-place
; marks + elsewhere marks of a code. Only ties and new leaders need it: a few per guess.
; in: X = code 0..242  out: A = rank  clobbers: Y
.proc tie_rank
        txa
        ldy     #0
@div:   cmp     #27                     ; Y = code / 27 (the two top marks), A = code mod 27
        bcc     @sum
        sbc     #27
        iny
        bne     @div                    ; always
@sum:   sta     @low
        lda     rank27,y
        ldy     @low
        clc
        adc     rank27,y
        rts
.pushseg
.segment "DATA"
@low:   .res 1
.popseg
.endproc

; keep_group: clears the bit of every remaining answer whose code is not abs_code.
; in: abs_bitmap, abs_codes, abs_code  out: abs_bitmap  clobbers: A Y
.proc keep_group
        lda     abs_bitmap
        sta     bm_ptr
        lda     abs_bitmap+1
        sta     bm_ptr+1
        lda     abs_codes
        sta     code_ptr
        lda     abs_codes+1
        sta     code_ptr+1
@byte:  ldy     #0                      ; Y = bit 0..7 of this byte = code offset
        lda     (bm_ptr),y
        beq     @advance
        sta     abs_sum                 ; (the scorer's sum: free here) the byte's bits kept
        lda     #$80
        sta     bm_mask
@bit:   lda     abs_sum
        and     bm_mask
        beq     @bit_next
        lda     (code_ptr),y
        cmp     abs_code
        beq     @bit_next
        lda     bm_mask
        eor     #$FF
        and     abs_sum
        sta     abs_sum
@bit_next:
        iny
        lsr     bm_mask
        bne     @bit
        lda     abs_sum
        ldy     #0
        sta     (bm_ptr),y
@advance:
        lda     code_ptr                ; eight answers on
        clc
        adc     #8
        sta     code_ptr
        bcc     :+
        inc     code_ptr+1
:       inc     bm_ptr
        bne     :+
        inc     bm_ptr+1
:       lda     bm_ptr
        cmp     bitmap_end
        bne     @byte
        lda     bm_ptr+1
        cmp     bitmap_end+1
        bne     @byte
        rts
.endproc

; ---- the mode's screen -------------------------------------------------------------------------
INFO_ROW        = 3             ; panel: "GUESSES n", then "n LEFT"
STATS_ROW       = 17            ; panel: the mode's statistics (two lines; a blank row
                                ; apart from the messages and the help)
BAR_CELLS       = 13            ; progress mark: one cell per two first letters

; absurdle_play: Absurdle games from the menu until RUN/STOP (RETURN after a win plays again).
; in: dict_init done  out: back to the menu (screen to be redrawn)  clobbers: A X Y
.proc absurdle_play
@game:  jsr     screen_clear
        jsr     board_reset
        jsr     absurdle_reset
        inc     abs_played
        bne     :+
        inc     abs_played+1
:       jsr     draw_abs_panel
@key:   jsr     type_row
        beq     @submit
        rts                             ; RUN/STOP: the menu
@submit:
        jsr     board_accept_row        ; C = 0: refused, the reason on screen
        bcc     @key
        lda     opt_hard                ; hard mode as in Wordle: the previous row's hints
        beq     :+                      ; (issue 29 item 9)
        jsr     board_hard_check
        bcc     @key                    ; the reason is on screen
:       jsr     think
        jsr     board_submit_row        ; C = 1: five right-place marks
        php
        jsr     draw_info
        plp
        bcs     @won
        lda     board_row
        cmp     #ROWS
        bne     @key
        jsr     scroll_board
        jmp     @key
@won:   jsr     count_win
        jsr     draw_stats
        jsr     print_inline
        .byte   PANEL_COL, MSG_ROW, COLOR_LIGHT_GREEN, "BEATEN IN ", 0
        lda     abs_guesses
        ldx     abs_guesses+1
        jsr     print_word
        jsr     end_of_game
        bcs     @game                   ; RETURN: again
        rts
.endproc

; think: the adversary's answer to guess_buf with the progress mark on the message lines.
; in: guess_buf  out: as absurdle_guess (marks_buf, abs_left, ...)  clobbers: A X Y
.proc think
        jsr     print_inline
        .byte   PANEL_COL, MSG_ROW, COLOR_GREY, "THINKING", 0
        lda     #0
        sta     progress_step
        lda     #$4C                    ; JMP progress_mark (its address is in place)
        sta     absurdle_progress_hook
        jsr     absurdle_guess
        lda     #$60                    ; RTS: no mark outside this routine
        sta     absurdle_progress_hook
        jmp     board_blank_messages    ; THINKING and the bar go
.endproc

; absurdle_progress_hook target while thinking: one more cell of the bar every two calls.
; in: progress_step  out: progress_step + 1, a cell drawn  clobbers: A (only)
.proc progress_mark
        stx     @x
        lda     progress_step
        inc     progress_step
        lsr     a
        tax
        lda     #GLYPH_BLOCK
        sta     SCREEN + (MSG_ROW + 1) * SCREEN_COLUMNS + PANEL_COL, x
        lda     #COLOR_GREEN
        sta     COLOR_RAM + (MSG_ROW + 1) * SCREEN_COLUMNS + PANEL_COL, x
        ldx     @x
        rts
.pushseg
.segment "DATA"
@x:     .res 1
.popseg
.endproc
.assert BAR_CELLS <= PANEL_WIDTH, error, "the progress bar is wider than the panel"

; scroll_board: all six rows used: the rows move up one (the oldest guess leaves the screen),
; the last row is free to type.
; in: board_row = 6  out: board_row = 5, board drawn  clobbers: A X Y
.proc scroll_board
        ldx     #0
@move:  lda     board_guesses + LETTERS, x
        sta     board_guesses, x
        lda     board_marks + LETTERS, x
        sta     board_marks, x
        inx
        cpx     #(ROWS - 1) * LETTERS
        bne     @move
        dec     board_row
        lda     #0
        sta     tile_y
@row:   jsr     board_draw_row
        inc     tile_y
        lda     tile_y
        cmp     #ROWS
        bne     @row
        rts
.endproc

; count_win: the mode's statistics after a win (abs_guesses guesses).
; in: abs_guesses  out: abs_won + 1, abs_total + guesses, abs_best = min  clobbers: A
.proc count_win
        inc     abs_won
        bne     :+
        inc     abs_won+1
:       lda     abs_total
        clc
        adc     abs_guesses
        sta     abs_total
        lda     abs_total+1
        adc     abs_guesses+1
        sta     abs_total+1
        lda     abs_guesses             ; best = min(best, guesses)
        cmp     abs_best
        lda     abs_guesses+1
        sbc     abs_best+1
        bcs     :+
        lda     abs_guesses
        sta     abs_best
        lda     abs_guesses+1
        sta     abs_best+1
:       rts
.endproc

; draw_abs_panel: title, counts, statistics and help of the mode.
; in: abs_* state  out: drawn  clobbers: A X Y
.proc draw_abs_panel
        jsr     print_inline
        .byte   PANEL_COL, 1, COLOR_WHITE, "ABSURDLE", 0
        lda     opt_hard
        beq     :+
        jsr     print_inline        ; beside the title: rows 3-4 hold GUESSES and LEFT
        .byte   PANEL_COL + 10, 1, COLOR_YELLOW, "HARD MODE", 0
:       jsr     draw_stats
        jsr     draw_play_help
        jmp     draw_info
.endproc

; draw_stats: the mode's statistics: games played and won, the fewest guesses of a win.
; in: abs_played, abs_won, abs_best  out: drawn  clobbers: A X Y
.proc draw_stats
        jsr     print_inline
        .byte   PANEL_COL, STATS_ROW, COLOR_GREY, "PLAYED ", 0
        lda     abs_played
        ldx     abs_played+1
        jsr     print_word
        jsr     print_here
        .byte   COLOR_GREY, " WON ", 0
        lda     abs_won
        ldx     abs_won+1
        jsr     print_word
        lda     abs_best+1
        bmi     @help                   ; no win yet
        jsr     print_inline
        .byte   PANEL_COL, STATS_ROW + 1, COLOR_GREY, "BEST ", 0
        lda     abs_best
        ldx     abs_best+1
        jsr     print_word
@help:  rts
.endproc

; draw_info: "GUESSES n" and "n LEFT" (answers the adversary still allows).
; in: abs_guesses, abs_left  out: drawn  clobbers: A X Y
.proc draw_info
        ldy     #INFO_ROW
        jsr     clear_panel_line
        ldy     #INFO_ROW + 1
        jsr     clear_panel_line
        jsr     print_inline
        .byte   PANEL_COL, INFO_ROW, COLOR_LIGHT_GREY, "GUESSES ", 0
        lda     abs_guesses
        ldx     abs_guesses+1
        jsr     print_word
        ldx     #PANEL_COL
        ldy     #INFO_ROW + 1
        jsr     set_cursor
        lda     #COLOR_YELLOW
        sta     text_colour
        lda     abs_left
        ldx     abs_left+1
        jsr     print_word
        jsr     print_here
        .byte   COLOR_LIGHT_GREY, " ANSWER", 0
        lda     abs_left+1
        bne     @many
        ldx     abs_left
        dex
        beq     @left
@many:  lda     #'S'
        jsr     put_char
@left:  jsr     print_here
        .byte   COLOR_LIGHT_GREY, " LEFT", 0
        rts
.endproc

.segment "DATA"
progress_step:  .res 1          ; progress_mark calls so far in this guess
