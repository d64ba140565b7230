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

// HALF classifies the 32 bytes at src(SI) into the 32-bit halves at
// off(DI) of the masks of a wordMasks, in the order of its fields: open,
// close, lines, crs, sym, letters, allowed, events, dots, digits, zeros,
// pees. Y2 holds the line feeds, Y3 the letters, Y4 the digits, then the
// symbols, then the allowed bytes.
#define HALF(src, off) \
	VMOVDQU src(SI), Y0 \
	VPCMPEQB Y8, Y0, Y1 \
	VPMOVMSKB Y1, AX \
	MOVL AX, (0+off)(DI) \
	VPCMPEQB Y9, Y0, Y1 \
	VPMOVMSKB Y1, AX \
	MOVL AX, (8+off)(DI) \
	VPCMPEQB Y10, Y0, Y2 \
	VPMOVMSKB Y2, AX \
	MOVL AX, (16+off)(DI) \
	VPCMPEQB Y11, Y0, Y1 \
	VPMOVMSKB Y1, AX \
	MOVL AX, (24+off)(DI) \
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
	VPCMPEQB Y15, Y0, Y5 \
	VPMOVMSKB Y5, AX \
	MOVL AX, (80+off)(DI) \
	VPCMPEQB mvpee<>(SB), Y0, Y5 \
	VPMOVMSKB Y5, AX \
	MOVL AX, (88+off)(DI) \
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
	VMOVDQU mvevtab<>(SB), Y5 \
	VPSHUFB Y0, Y5, Y5 \
	VPCMPEQB Y0, Y5, Y5 \
	VPMOVMSKB Y5, AX \
	MOVL AX, (56+off)(DI) \
	VPCMPEQB mvdot<>(SB), Y0, Y5 \
	VPMOVMSKB Y5, AX \
	MOVL AX, (64+off)(DI)

// func classifyAVX2(src *byte, words int, out *wordMasks)
//
// For each 64-byte word of src it writes the twelve masks of a wordMasks: the
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
	HALF(0, 0)
	HALF(32, 4)
	ADDQ $64, SI
	ADDQ $96, DI
	DECQ CX
	JNZ loop
	VZEROUPPER

done:
	RET
