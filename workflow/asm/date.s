; date.s — calendar dates -> day numbers (proleptic Gregorian, = Python's date.toordinal())
; and the daily answer of a day. References: wordle64.core.day_number / daily_index.
;
; day number = 365 (y - 1) + (y - 1) div 4 - (y - 1) div 100 + (y - 1) div 400
;              + days before the month (+1 after February in a leap year) + day

.include "globals.inc"

MAX_YEAR        = 9999
DAILY_MULTIPLIER = 40499                ; prime > any answer count: day -> answer is a bijection
                                        ; modulo the count; consecutive days jump ~0.6 of
                                        ; the list apart (see wordle64.core.daily_index)

.segment "ZEROPAGE"

quotient:       .res 2                  ; divide_by_100: dividend in, quotient out
product:        .res 3                  ; 24-bit accumulator of the day number
addend:         .res 3                  ; 24-bit shifted multiplicand / term to add
factor:         .res 2                  ; multiplier bits still to use
leap:           .res 1                  ; 1 when date_year is a leap year
remainder:      .res 3                  ; daily: day number mod answers, then answer number

.segment "BSS"

date_year:      .res 2                  ; 1..9999, 16-bit LE
date_month:     .res 1                  ; 1..12
date_day:       .res 1                  ; 1..31
day_number:     .res 3                  ; 24-bit LE, 1 = 0001-01-01

.segment "RODATA"

days_in_month:
        .byte   31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
days_before_low:
        .byte   <0, <31, <59, <90, <120, <151, <181, <212, <243, <273, <304, <334
.assert >243 = 0 && >273 = 1 && >334 = 1, error, "high bytes: 1 from October (month index 9) on"

.segment "CODE"

; date_to_day: checks date_year/month/day and computes its day number. Its first half checks
; the date (and sets `leap`), then falls into day_of_valid_date.
; in:  date_year (16-bit), date_month, date_day
; out: C = 1 valid and day_number set (24-bit LE); C = 0 no such date (day_number unchanged)
; clobbers: A X Y
.proc date_to_day
        lda     date_year               ; 1 <= year <= 9999
        cmp     #<(MAX_YEAR + 1)
        lda     date_year+1
        sbc     #>(MAX_YEAR + 1)
        bcs     @invalid
        lda     date_year
        ora     date_year+1
        beq     @invalid
        ldx     date_month              ; 1 <= month <= 12
        dex
        cpx     #12
        bcs     @invalid
        lda     date_day                ; day >= 1
        beq     @invalid

        ldy     #0                      ; leap = year mod 4 = 0 and (year mod 100 <> 0
        lda     date_year               ;        or (year div 100) mod 4 = 0)
        and     #3
        bne     @leap_known
        lda     date_year
        sta     quotient
        lda     date_year+1
        sta     quotient+1
        jsr     divide_by_100
        tax                             ; the remainder's flags
        bne     @is_leap
        lda     quotient
        and     #3
        bne     @leap_known
@is_leap:
        iny
@leap_known:
        sty     leap
        ldx     date_month
        dex
        lda     days_in_month,x         ; day <= days in the month
        cpx     #1
        bne     :+
        clc
        adc     leap
:       cmp     date_day
        bcs     day_of_valid_date       ; day <= days in the month: valid
        rts                             ; C = 0
@invalid:
        clc
        rts
.endproc

; day_of_valid_date: the arithmetic half of date_to_day (the date is valid, leap is set).
; in: date_year, date_month, date_day, leap  out: day_number, C = 1  clobbers: A X
.proc day_of_valid_date
        lda     date_year               ; quotient = y - 1
        sec
        sbc     #1
        sta     quotient
        sta     addend
        lda     date_year+1
        sbc     #0
        sta     quotient+1
        sta     addend+1
        jsr     times_365               ; product = 365 (y - 1)
        lda     quotient+1              ; + (y - 1) div 4
        lsr     a
        sta     addend+1
        lda     quotient
        ror     a
        lsr     addend+1
        ror     a
        jsr     add_a_high
        jsr     divide_by_100           ; quotient = (y - 1) div 100 (< 100)
        lda     product                 ; - (y - 1) div 100
        sec
        sbc     quotient
        sta     product
        bcs     :+
        lda     product+1
        bne     @borrow
        dec     product+2
@borrow:
        dec     product+1
:       lda     quotient                ; + (y - 1) div 400
        lsr     a
        lsr     a
        ldx     #0
        stx     addend+1
        jsr     add_a_high
        ldx     date_month              ; + days before the month
        dex
        cpx     #9                      ; C = 1 from October: 273 and up
        lda     #0
        rol     a
        sta     addend+1
        lda     days_before_low,x
        jsr     add_a_high
        lda     #0                      ; + leap day when past February
        sta     addend+1
        cpx     #2
        bcc     :+
        lda     leap
:       clc
        adc     date_day
        bcc     :+
        inc     addend+1
:       jsr     add_a_high
        ldx     #2
@copy:  lda     product,x
        sta     day_number,x
        dex
        bpl     @copy
        sec
        rts
.endproc

; add_a_high: product += addend+1 : A (16-bit). in: A, addend+1  clobbers: A
.proc add_a_high
        clc
        adc     product
        sta     product
        lda     addend+1
        adc     product+1
        sta     product+1
        bcc     :+
        inc     product+2
:       rts
.endproc

; times_365: product = addend (16-bit) * 365, by shift and add. 365 = %1_0110_1101.
; in: addend (low two bytes)  out: product (24-bit)  clobbers: A X addend factor
.proc times_365
        lda     #0
        sta     product
        sta     product+1
        sta     product+2
        sta     addend+2
        lda     #<365
        sta     factor
        lda     #>365
        sta     factor+1
@bit:   lsr     factor+1
        ror     factor
        bcc     @double
        clc                             ; product += addend, 24 bits: X = -3 .. -1, and
        ldx     #<-3                    ; z:name + 3 + X wraps (zero page) to name + 0 .. 2
@add:   lda     z:product + 3, x
        adc     z:addend + 3, x
        sta     z:product + 3, x
        inx
        bne     @add
@double:
        asl     addend
        rol     addend+1
        rol     addend+2
        lda     factor
        ora     factor+1
        bne     @bit
        rts
.endproc

; divide_by_100: quotient = quotient div 100, A = quotient mod 100 (restoring division).
; in: quotient (16-bit)  out: quotient, A  clobbers: A X
.proc divide_by_100
        lda     #0
        ldx     #16
@bit:   asl     quotient
        rol     quotient+1
        rol     a                       ; remainder < 100, so 2 * remainder + 1 < 256
        cmp     #100
        bcc     :+
        sbc     #100
        inc     quotient
:       dex
        bne     @bit
        rts
.endproc

; daily_answer: the answer of a day: number = ((day mod count) * DAILY_MULTIPLIER) mod count,
; a fixed permutation of the answers (every answer once per `count` days).
; in:  day_number (24-bit), dict_answer_count (1..32767)
; out: answer_buf; A = number low, X = number high
; clobbers: A X Y
.proc daily_answer
        lda     #0                      ; remainder = day_number mod count (long division)
        sta     remainder
        sta     remainder+1
        ldx     #2
@copy:  lda     day_number,x
        sta     product,x
        dex
        bpl     @copy
        ldx     #24
@mod:   asl     product
        rol     product+1
        rol     product+2
        rol     remainder
        rol     remainder+1
        jsr     reduce_remainder
        dex
        bne     @mod

        lda     remainder               ; addend = day mod count; remainder = 0
        sta     addend
        lda     remainder+1
        sta     addend+1
        lda     #0
        sta     remainder
        sta     remainder+1
        lda     #<DAILY_MULTIPLIER      ; remainder = addend * multiplier mod count, from the
        sta     factor                  ; multiplier's top bit: r = 2r (+ addend), reduced
        lda     #>DAILY_MULTIPLIER
        sta     factor+1
        ldx     #16
@bit:   asl     remainder
        rol     remainder+1
        jsr     reduce_remainder
        asl     factor
        rol     factor+1
        bcc     :+
        lda     remainder
        clc
        adc     addend
        sta     remainder
        lda     remainder+1
        adc     addend+1
        sta     remainder+1
        jsr     reduce_remainder
:       dex
        bne     @bit
        lda     remainder
        ldx     remainder+1
        jsr     dict_answer
        lda     remainder
        ldx     remainder+1
        rts
.endproc

; reduce_remainder: remainder -= count when remainder >= count (remainder < 2 * count).
; in: remainder, dict_answer_count  clobbers: A Y
.proc reduce_remainder
        lda     remainder
        sec
        sbc     dict_answer_count
        tay
        lda     remainder+1
        sbc     dict_answer_count+1
        bcc     :+
        sta     remainder+1
        sty     remainder
:       rts
.endproc
