#include "textflag.h"

// Bytes repeated over 32: '"', LF, '\\' and 0x20.
DATA tlquote<>+0x0(SB)/8, $0x2222222222222222
DATA tlquote<>+0x8(SB)/8, $0x2222222222222222
DATA tlquote<>+0x10(SB)/8, $0x2222222222222222
DATA tlquote<>+0x18(SB)/8, $0x2222222222222222
GLOBL tlquote<>(SB), RODATA|NOPTR, $32

DATA tlnl<>+0x0(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA tlnl<>+0x8(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA tlnl<>+0x10(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA tlnl<>+0x18(SB)/8, $0x0a0a0a0a0a0a0a0a
GLOBL tlnl<>(SB), RODATA|NOPTR, $32

DATA tlbs<>+0x0(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA tlbs<>+0x8(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA tlbs<>+0x10(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA tlbs<>+0x18(SB)/8, $0x5c5c5c5c5c5c5c5c
GLOBL tlbs<>(SB), RODATA|NOPTR, $32

DATA tlspace<>+0x0(SB)/8, $0x2020202020202020
DATA tlspace<>+0x8(SB)/8, $0x2020202020202020
DATA tlspace<>+0x10(SB)/8, $0x2020202020202020
DATA tlspace<>+0x18(SB)/8, $0x2020202020202020
GLOBL tlspace<>(SB), RODATA|NOPTR, $32

// TLMASK sets R to the 64-bit mask of the high bits of the bytes of lo
// (bytes 0–31) and hi (32–63), through DX.
#define TLMASK(lo, hi, R) \
	VPMOVMSKB lo, R \
	VPMOVMSKB hi, DX \
	SHLQ $32, DX \
	ORQ DX, R

// func tagLinesAVX2(src *byte, n, p int, out *tagLine, max int) (k, next int)
//
// For each line from src[p] on that starts with '[', has 64 bytes from
// there before n, and looks like a tag pair in the usual form, as
// tagLinesGeneric (its tests' reference) says, it writes a tagLine to
// out, up to max of them; it returns how many and where the line after
// them starts. A byte is bad
// ('\\', or a control byte but LF) when 0x20 is greater than it as signed
// bytes compare, or it is a backslash, and it is not LF or of 0x80 and up
// (negative).
TEXT ·tagLinesAVX2(SB), NOSPLIT, $0-56
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), R8
	SUBQ $64, R8      // the last line start with 64 bytes before n
	MOVQ p+16(FP), R9
	MOVQ out+24(FP), DI
	MOVQ max+32(FP), R10
	XORQ R11, R11     // k
	VMOVDQU tlquote<>(SB), Y8
	VMOVDQU tlnl<>(SB), Y9
	VMOVDQU tlbs<>(SB), Y10
	VMOVDQU tlspace<>(SB), Y11

loop:
	CMPQ R11, R10
	JGE done
	CMPQ R9, R8
	JGT done
	LEAQ (SI)(R9*1), BX // the line
	CMPB (BX), $0x5b    // '['
	JNE done
	VMOVDQU 0(BX), Y0
	VMOVDQU 32(BX), Y1
	VPCMPEQB Y9, Y0, Y2
	VPCMPEQB Y9, Y1, Y3
	TLMASK(Y2, Y3, R12) // line feeds
	TESTQ R12, R12
	JEQ done
	TZCNTQ R12, R13   // e, the first
	VPCMPEQB Y8, Y0, Y2
	VPCMPEQB Y8, Y1, Y3
	TLMASK(Y2, Y3, R14) // quotes
	TLMASK(Y0, Y1, R15) // bytes of 0x80 and up
	VPCMPGTB Y0, Y11, Y2
	VPCMPGTB Y1, Y11, Y3
	VPCMPEQB Y10, Y0, Y4
	VPOR Y4, Y2, Y2
	VPCMPEQB Y10, Y1, Y4
	VPOR Y4, Y3, Y3
	TLMASK(Y2, Y3, AX)
	ORQ R15, R12
	ANDNQ AX, R12, AX // bad
	MOVQ R13, CX      // end: e, or the CR before it
	CMPB -1(BX)(R13*1), $0x0d
	JNE nocr
	DECQ CX
	BTRQ CX, AX       // a CR before the LF is not bad

nocr:
	BZHIQ R13, AX, AX // bad before e
	TESTQ AX, AX
	JNE done
	TZCNTQ R14, DX    // q1
	BLSRQ R14, R14
	TZCNTQ R14, R14   // q2
	LEAQ -2(CX), AX
	CMPQ R14, AX      // '"', ']' and the end
	JNE done
	CMPQ DX, $3       // '[', a name byte or more, ' ' and '"'
	JLT done
	CMPB -1(BX)(DX*1), $0x20
	JNE done
	CMPB 1(BX)(R14*1), $0x5d
	JNE done
	BZHIQ R13, R15, R15
	XORL AX, AX
	TESTQ R15, R15
	SETNE AL          // flags: 1, bytes of 0x80 and up
	MOVQ R13, R12
	SUBQ CX, R12
	SHLQ $1, R12
	ORQ R12, AX       // 2, a CR before the LF
	MOVB DX, 0(DI)
	MOVB R14, 1(DI)
	MOVB R13, 2(DI)
	MOVB AX, 3(DI)
	ADDQ $4, DI
	INCQ R11
	LEAQ 1(R9)(R13*1), R9
	JMP loop

done:
	MOVQ R11, k+40(FP)
	MOVQ R9, next+48(FP)
	VZEROUPPER
	RET
