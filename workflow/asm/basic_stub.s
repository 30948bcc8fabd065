; basic_stub.s — the BASIC line `10 SYS2061` at $0801, so LOAD"WORDLE64",8 then RUN starts
; the game. The SYS lands right after the line: depack (depack.s) restores the code the build
; stored compressed, then a JMP to `main` (main.s).

.import main, depack
.import __LOADADDR__                     ; from the linker config: $0801

.segment "LOADADDR"
        .addr   __LOADADDR__            ; the PRG's two-byte load address

.segment "EXEHDR"

basic_line:
        .word   @next_line              ; link to the next BASIC line
        .word   10                      ; line number
        .byte   $9E                     ; SYS token
        .byte   "2061"                  ; decimal address of sys_target
        .byte   0                       ; end of line
@next_line:
        .word   0                       ; end of program
sys_target:
        jsr     depack
        jmp     main

.assert basic_line = $0801, error, "the BASIC stub must start at $0801"
.assert sys_target = 2061, error, "SYS target moved: the line text must stay 4 digits"
