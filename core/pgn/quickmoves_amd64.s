#include "textflag.h"

// Constants of classifyAVX2: bytes repeated over 32, and tables for
// VPSHUFB that map a byte's low nibble to the one byte of a set with that
// nibble (0x80, which no ASCII byte equals, where there is none).

DATA mvopen<>+0x0(SB)/8, $0x7b7b7b7b7b7b7b7b
DATA mvopen<>+0x8(SB)/8, $0x7b7b7b7b7b7b7b7b
DATA mvopen<>+0x10(SB)/8, $0x7b7b7b7b7b7b7b7b
DATA mvopen<>+0x18(SB)/8, $0x7b7b7b7b7b7b7b7b
GLOBL mvopen<>(SB), RODATA|NOPTR, $32

DATA mvclose<>+0x0(SB)/8, $0x7d7d7d7d7d7d7d7d
DATA mvclose<>+0x8(SB)/8, $0x7d7d7d7d7d7d7d7d
DATA mvclose<>+0x10(SB)/8, $0x7d7d7d7d7d7d7d7d
DATA mvclose<>+0x18(SB)/8, $0x7d7d7d7d7d7d7d7d
GLOBL mvclose<>(SB), RODATA|NOPTR, $32

DATA mvnl<>+0x0(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA mvnl<>+0x8(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA mvnl<>+0x10(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA mvnl<>+0x18(SB)/8, $0x0a0a0a0a0a0a0a0a
GLOBL mvnl<>(SB), RODATA|NOPTR, $32

DATA mvcr<>+0x0(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA mvcr<>+0x8(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA mvcr<>+0x10(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA mvcr<>+0x18(SB)/8, $0x0d0d0d0d0d0d0d0d
GLOBL mvcr<>(SB), RODATA|NOPTR, $32

DATA mvcase<>+0x0(SB)/8, $0x2020202020202020
DATA mvcase<>+0x8(SB)/8, $0x2020202020202020
DATA mvcase<>+0x10(SB)/8, $0x2020202020202020
DATA mvcase<>+0x18(SB)/8, $0x2020202020202020
GLOBL mvcase<>(SB), RODATA|NOPTR, $32

DATA mvlowa<>+0x0(SB)/8, $0x6161616161616161
DATA mvlowa<>+0x8(SB)/8, $0x6161616161616161
DATA mvlowa<>+0x10(SB)/8, $0x6161616161616161
DATA mvlowa<>+0x18(SB)/8, $0x6161616161616161
GLOBL mvlowa<>(SB), RODATA|NOPTR, $32

DATA mvc25<>+0x0(SB)/8, $0x1919191919191919
DATA mvc25<>+0x8(SB)/8, $0x1919191919191919
DATA mvc25<>+0x10(SB)/8, $0x1919191919191919
DATA mvc25<>+0x18(SB)/8, $0x1919191919191919
GLOBL mvc25<>(SB), RODATA|NOPTR, $32

DATA mvzero<>+0x0(SB)/8, $0x3030303030303030
DATA mvzero<>+0x8(SB)/8, $0x3030303030303030
DATA mvzero<>+0x10(SB)/8, $0x3030303030303030
DATA mvzero<>+0x18(SB)/8, $0x3030303030303030
GLOBL mvzero<>(SB), RODATA|NOPTR, $32

DATA mvc9<>+0x0(SB)/8, $0x0909090909090909
DATA mvc9<>+0x8(SB)/8, $0x0909090909090909
DATA mvc9<>+0x10(SB)/8, $0x0909090909090909
DATA mvc9<>+0x18(SB)/8, $0x0909090909090909
GLOBL mvc9<>(SB), RODATA|NOPTR, $32

DATA mvequal<>+0x0(SB)/8, $0x3d3d3d3d3d3d3d3d
DATA mvequal<>+0x8(SB)/8, $0x3d3d3d3d3d3d3d3d
DATA mvequal<>+0x10(SB)/8, $0x3d3d3d3d3d3d3d3d
DATA mvequal<>+0x18(SB)/8, $0x3d3d3d3d3d3d3d3d
GLOBL mvequal<>(SB), RODATA|NOPTR, $32

DATA mvdot<>+0x0(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA mvdot<>+0x8(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA mvdot<>+0x10(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA mvdot<>+0x18(SB)/8, $0x2e2e2e2e2e2e2e2e
GLOBL mvdot<>(SB), RODATA|NOPTR, $32

DATA mvpee<>+0x0(SB)/8, $0x7070707070707070
DATA mvpee<>+0x8(SB)/8, $0x7070707070707070
DATA mvpee<>+0x10(SB)/8, $0x7070707070707070
DATA mvpee<>+0x18(SB)/8, $0x7070707070707070
GLOBL mvpee<>(SB), RODATA|NOPTR, $32

DATA mvbrack<>+0x0(SB)/8, $0x5b5b5b5b5b5b5b5b
DATA mvbrack<>+0x8(SB)/8, $0x5b5b5b5b5b5b5b5b
DATA mvbrack<>+0x10(SB)/8, $0x5b5b5b5b5b5b5b5b
DATA mvbrack<>+0x18(SB)/8, $0x5b5b5b5b5b5b5b5b
GLOBL mvbrack<>(SB), RODATA|NOPTR, $32

// The blanks ' ' '\t' '\v' '\f' by low nibble.
DATA mvblanktab<>+0x0(SB)/8, $0x8080808080808020
DATA mvblanktab<>+0x8(SB)/8, $0x8080800c0b800980
DATA mvblanktab<>+0x10(SB)/8, $0x8080808080808020
DATA mvblanktab<>+0x18(SB)/8, $0x8080800c0b800980
GLOBL mvblanktab<>(SB), RODATA|NOPTR, $32

DATA mvsymtab<>+0x0(SB)/8, $0x8080808023808080
DATA mvsymtab<>+0x8(SB)/8, $0x5f802d802b3a8080
DATA mvsymtab<>+0x10(SB)/8, $0x8080808023808080
DATA mvsymtab<>+0x18(SB)/8, $0x5f802d802b3a8080
GLOBL mvsymtab<>(SB), RODATA|NOPTR, $32

DATA mvalltab<>+0x0(SB)/8, $0x8080802480802120
DATA mvalltab<>+0x8(SB)/8, $0x3f2e7d807b2a2928
DATA mvalltab<>+0x10(SB)/8, $0x8080802480802120
DATA mvalltab<>+0x18(SB)/8, $0x3f2e7d807b2a2928
GLOBL mvalltab<>(SB), RODATA|NOPTR, $32

DATA mvevtab<>+0x0(SB)/8, $0x8080802480808080
DATA mvevtab<>+0x8(SB)/8, $0x80808080802a2928
DATA mvevtab<>+0x10(SB)/8, $0x8080802480808080
DATA mvevtab<>+0x18(SB)/8, $0x80808080802a2928
GLOBL mvevtab<>(SB), RODATA|NOPTR, $32

// EQMASK writes at off(DI) the mask of the bytes of Y0 equal to those of
// c, through Y5.
#define EQMASK(c, off) \
	VPCMPEQB c, Y0, Y5 \
	VPMOVMSKB Y5, AX \
	MOVL AX, (off)(DI)

// TABMASK writes at off(DI) the mask of the bytes of Y0 that table tab,
// for VPSHUFB, maps to themselves, through Y5.
#define TABMASK(tab, off) \
	VMOVDQU tab, Y5 \
	VPSHUFB Y0, Y5, Y5 \
	VPCMPEQB Y0, Y5, Y5 \
	VPMOVMSKB Y5, AX \
	MOVL AX, (off)(DI)

// HALF classifies the 32 bytes at src(SI) into the 32-bit halves at
// off(DI) of the masks of a wordMasks, in the order of its fields: open,
// close, lines, crs, sym, letters, allowed, events, dots, digits, zeros,
// pees, bracks, blanks. Y2 holds the line feeds, Y3 the letters, Y4 the
// digits, then the symbols, then the allowed bytes.
#define HALF(src, off) \
	VMOVDQU src(SI), Y0 \
	EQMASK(Y8, 0+off) \
	EQMASK(Y9, 8+off) \
	VPCMPEQB Y10, Y0, Y2 \
	VPMOVMSKB Y2, AX \
	MOVL AX, (16+off)(DI) \
	EQMASK(Y11, 24+off) \
	VPOR Y12, Y0, Y3 \
	VPSUBB Y13, Y3, Y3 \
	VPMINUB Y14, Y3, Y4 \
	VPCMPEQB Y4, Y3, Y3 \
	VPMOVMSKB Y3, AX \
	MOVL AX, (40+off)(DI) \
	VPSUBB Y15, Y0, Y4 \
	VPMINUB mvc9<>(SB), Y4, Y5 \
	VPCMPEQB Y5, Y4, Y4 \
	VPMOVMSKB Y4, AX \
	MOVL AX, (72+off)(DI) \
	EQMASK(Y15, 80+off) \
	EQMASK(mvpee<>(SB), 88+off) \
	VMOVDQU mvsymtab<>(SB), Y5 \
	VPSHUFB Y0, Y5, Y5 \
	VPCMPEQB Y0, Y5, Y5 \
	VPCMPEQB mvequal<>(SB), Y0, Y6 \
	VPOR Y3, Y4, Y4 \
	VPOR Y5, Y4, Y4 \
	VPOR Y6, Y4, Y4 \
	VPMOVMSKB Y4, AX \
	MOVL AX, (32+off)(DI) \
	VMOVDQU mvalltab<>(SB), Y5 \
	VPSHUFB Y0, Y5, Y5 \
	VPCMPEQB Y0, Y5, Y5 \
	VPOR Y5, Y4, Y4 \
	VPOR Y2, Y4, Y4 \
	VPMOVMSKB Y4, AX \
	MOVL AX, (48+off)(DI) \
	TABMASK(mvevtab<>(SB), 56+off) \
	EQMASK(mvdot<>(SB), 64+off) \
	EQMASK(mvbrack<>(SB), 96+off) \
	TABMASK(mvblanktab<>(SB), 104+off)

// func classifyAVX2(src *byte, words int, out *wordMasks)
//
// For each 64-byte word of src it writes the fourteen masks of a wordMasks: the
// low halves from its first 32 bytes, the high ones from the others.
TEXT ·classifyAVX2(SB), NOSPLIT, $0-24
	MOVQ src+0(FP), SI
	MOVQ words+8(FP), CX
	MOVQ out+16(FP), DI
	TESTQ CX, CX
	JLE done
	VMOVDQU mvopen<>(SB), Y8
	VMOVDQU mvclose<>(SB), Y9
	VMOVDQU mvnl<>(SB), Y10
	VMOVDQU mvcr<>(SB), Y11
	VMOVDQU mvcase<>(SB), Y12
	VMOVDQU mvlowa<>(SB), Y13
	VMOVDQU mvc25<>(SB), Y14
	VMOVDQU mvzero<>(SB), Y15

loop:
	PREFETCHT0 4096(SI)
	HALF(0, 0)
	HALF(32, 4)
	ADDQ $64, SI
	ADDQ $112, DI
	DECQ CX
	JNZ loop
	VZEROUPPER

done:
	RET

// func deriveAsm(ms *wordMasks, words int, fs *wordFacts, c *wordCarry)
//
// deriveGeneric in assembly, with BMI1 and PCLMULQDQ: the prefix XOR that
// finds comments is a carry-less multiplication by all ones, as in
// simdjson. The facts' bad and events are built in place in fs.
TEXT ·deriveAsm(SB), NOSPLIT, $0-32
	MOVQ ms+0(FP), SI
	MOVQ words+8(FP), CX
	MOVQ fs+16(FP), DI
	MOVQ c+24(FP), AX
	TESTQ CX, CX
	JLE dnone
	MOVQ 0(AX), R8   // inComment
	MOVQ 8(AX), R9   // symCarry
	MOVQ 16(AX), R10 // sumCarry
	MOVQ 24(AX), R11 // pending
	PCMPEQQ X1, X1

dloop:
	// Comments, and the bad bytes of broken ones.
	MOVQ 0(SI), AX  // open
	MOVQ 8(SI), BX  // close
	MOVQ AX, DX
	ORQ BX, DX
	MOVQ DX, X0
	PCLMULQDQ $0x00, X1, X0
	MOVQ X0, DX
	XORQ R8, DX     // p
	MOVQ DX, 0(DI)
	ANDNQ AX, DX, R13 // open &^ p
	MOVQ BX, AX
	ANDQ DX, AX       // close & p
	ORQ AX, R13
	ORQ DX, BX
	NOTQ BX           // out
	MOVQ 16(SI), AX   // lines
	MOVQ AX, 40(DI)
	ANDQ DX, AX
	MOVQ AX, 48(DI)   // comLines
	MOVQ 96(SI), R12
	SHRQ $1, R12
	MOVQ 32(SI), R14
	SHRQ $2, R14
	ANDQ R14, R12     // a '[' and a symbol byte next
	MOVQ 104(SI), R14
	SHRQ $1, R14
	ORQ R14, R12      // or a blank
	MOVQ $0xc000000000000000, R14
	ORQ R14, R12
	ANDQ R12, AX      // tagLines
	ORQ 24(SI), AX    // and CRs
	MOVQ AX, 56(DI)   // attn, so far
	SARQ $63, DX
	MOVQ DX, R8       // inComment

	// Bytes outside comments: what game does not read, events, digits,
	// symbols and where they start.
	MOVQ 48(SI), AX
	ANDNQ BX, AX, AX  // out &^ allowed
	ORQ AX, R13
	MOVQ 56(SI), R12
	ANDQ BX, R12      // events
	MOVQ 72(SI), R14
	ANDQ BX, R14      // digits
	MOVQ 32(SI), AX
	ANDQ BX, AX       // sym
	LEAQ (AX)(AX*1), BX
	ORQ R9, BX
	ANDNQ AX, BX, BX  // start
	MOVQ AX, R9
	SHRQ $63, R9      // symCarry
	MOVQ 40(SI), DX
	ORQ 72(SI), DX
	ANDNQ BX, DX, DX  // starts of neither letter nor digit
	ORQ DX, R13
	MOVQ R13, 32(DI)  // bad, so far

	// Symbols that start with a digit are visited when they may be
	// something else than a move number.
	MOVQ 72(SI), DX
	ANDQ BX, DX       // digStart
	MOVQ R14, R13
	ADDQ DX, R14      // dsum
	ANDNQ R13, R14, R15 // the digit runs begun in the word
	BTQ $63, R15
	JCC dnocross
	BSRQ DX, R15
	BTSQ R15, R12     // the one that runs into the next word

dnocross:
	MOVQ 80(SI), R15
	ANDQ DX, R15
	ORQ R15, R12      // those that start with '0'
	ANDNQ R14, R13, R14 // the bytes after digit runs
	MOVQ 48(SI), R13
	NOTQ R13
	ORQ AX, R13
	TESTQ R13, R14
	JEQ dnodig
	ORQ DX, R12       // all, when one is followed by a symbol byte

dnodig:
	MOVQ R12, 24(DI)
	ORQ R12, 56(DI)

	// Symbols that start with a letter: moves, and where they end.
	MOVQ 40(SI), R12
	ANDQ BX, R12      // letStart
	MOVQ R12, 8(DI)
	MOVQ AX, DX
	BTQ $0, R10
	ADCQ R12, DX      // sum
	SETCS R10B        // sumCarry
	ANDNQ DX, AX, DX  // runEnd
	MOVQ 64(SI), AX
	ANDQ DX, AX       // a letter symbol followed by '.'
	ORQ AX, 32(DI)

	// Symbols of one or two bytes that may be "N" or "ep".
	MOVQ DX, AX
	SHRQ $2, AX
	MOVQ 88(SI), BX
	SHRQ $1, BX
	ANDQ BX, AX
	MOVQ DX, BX
	SHRQ $1, BX
	ORQ BX, AX
	ANDQ R12, AX
	MOVQ AX, 16(DI)
	ORQ AX, 56(DI)
	XORL BX, BX
	TESTQ $3, DX
	SETNE BL
	SHLQ $1, BX
	ANDQ $1, DX
	ORQ DX, BX
	ANDQ R11, BX
	MOVQ BX, 64(DI)   // cross
	ORQ BX, 56(DI)
	MOVQ R12, R11
	SHRQ $62, R11     // pending

	MOVQ 32(DI), R15
	ORQ R15, 56(DI)   // attn
	ADDQ $112, SI
	ADDQ $72, DI
	DECQ CX
	JNZ dloop

	MOVQ c+24(FP), AX
	MOVQ R8, 0(AX)
	MOVQ R9, 8(AX)
	MOVQ R10, 16(AX)
	MOVQ R11, 24(AX)

dnone:
	RET
