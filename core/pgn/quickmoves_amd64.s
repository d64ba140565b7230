//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// Constants of scanWordsAVX2: bytes repeated over 32, and tables for
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

DATA mvpee<>+0x0(SB)/8, $0x7070707070707070
DATA mvpee<>+0x8(SB)/8, $0x7070707070707070
DATA mvpee<>+0x10(SB)/8, $0x7070707070707070
DATA mvpee<>+0x18(SB)/8, $0x7070707070707070
GLOBL mvpee<>(SB), RODATA|NOPTR, $32

DATA mvones<>+0x0(SB)/8, $0xffffffffffffffff
DATA mvones<>+0x8(SB)/8, $0xffffffffffffffff
GLOBL mvones<>(SB), RODATA|NOPTR, $16

DATA mvtop2<>+0x0(SB)/8, $0xc000000000000000
GLOBL mvtop2<>(SB), RODATA|NOPTR, $8

// The symbol bytes (A–Z a–z 0–9 _ + # = : -), a bit each, by value.
DATA mvsymbits<>+0x0(SB)/8, $0x27ff280800000000
DATA mvsymbits<>+0x8(SB)/8, $0x07fffffe87fffffe
DATA mvsymbits<>+0x10(SB)/8, $0
DATA mvsymbits<>+0x18(SB)/8, $0
GLOBL mvsymbits<>(SB), RODATA|NOPTR, $32

// The marks '.' '0' '[' by low nibble.
DATA mvmarktab<>+0x0(SB)/8, $0x8080808080808030
DATA mvmarktab<>+0x8(SB)/8, $0x802e80805b808080
DATA mvmarktab<>+0x10(SB)/8, $0x8080808080808030
DATA mvmarktab<>+0x18(SB)/8, $0x802e80805b808080
GLOBL mvmarktab<>(SB), RODATA|NOPTR, $32

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

// The offsets in a wordScan of its masks (m), facts (f), carry and
// counts, from the compiler (go_asm.h).
#define mOpen (wordScan_m+wordMasks_open)
#define mClose (wordScan_m+wordMasks_close)
#define mLines (wordScan_m+wordMasks_lines)
#define mCrs (wordScan_m+wordMasks_crs)
#define mSym (wordScan_m+wordMasks_sym)
#define mLetters (wordScan_m+wordMasks_letters)
#define mAllowed (wordScan_m+wordMasks_allowed)
#define mEvents (wordScan_m+wordMasks_events)
#define mDigits (wordScan_m+wordMasks_digits)
#define mMarks (wordScan_m+wordMasks_marks)
#define mBlanks (wordScan_m+wordMasks_blanks)
#define fP (wordScan_f+wordFacts_p)
#define fMoves (wordScan_f+wordFacts_moves)
#define fCheck (wordScan_f+wordFacts_check)
#define fEvents (wordScan_f+wordFacts_events)
#define fBad (wordScan_f+wordFacts_bad)
#define fLines (wordScan_f+wordFacts_lines)
#define fComLines (wordScan_f+wordFacts_comLines)
#define fAttn (wordScan_f+wordFacts_attn)
#define fCross (wordScan_f+wordFacts_cross)
#define fDigCross (wordScan_f+wordFacts_digCross)
#define cInComment (wordScan_carry+wordCarry_inComment)
#define cSym (wordScan_carry+wordCarry_sym)
#define cSum (wordScan_carry+wordCarry_sum)
#define cPending (wordScan_carry+wordCarry_pending)
#define sAt wordScan_at
#define sLineStart wordScan_lineStart
#define sNl wordScan_nl
#define sCur wordScan_cur
#define sMax wordScan_max
#define sNextBreak wordScan_nextBreak
#define sDepth wordScan_depth
#define sMaxDepth wordScan_maxDepth
#define sStack wordScan_stack

// MASK2 writes at off(DI) the 64-bit mask of the high bits of the bytes of
// lo (bytes 0–31) and hi (bytes 32–63).
#define MASK2(lo, hi, off) \
	VPMOVMSKB lo, AX \
	VPMOVMSKB hi, DX \
	SHLQ $32, DX \
	ORQ DX, AX \
	MOVQ AX, off(DI)

// EQ2 writes at off(DI) the mask of the bytes of Y0:Y1 equal to those of
// c, through Y6 and Y7.
#define EQ2(c, off) \
	VPCMPEQB c, Y0, Y6 \
	VPCMPEQB c, Y1, Y7 \
	MASK2(Y6, Y7, off)

// TAB2 writes at off(DI) the mask of the bytes of Y0:Y1 that table tab,
// for VPSHUFB, maps to themselves, through Y6 and Y7.
#define TAB2(tab, off) \
	VMOVDQU tab, Y7 \
	VPSHUFB Y0, Y7, Y6 \
	VPSHUFB Y1, Y7, Y7 \
	VPCMPEQB Y0, Y6, Y6 \
	VPCMPEQB Y1, Y7, Y7 \
	MASK2(Y6, Y7, off)

// TABOR2 adds to Y4:Y5 the bytes of Y0:Y1 that table tab, for VPSHUFB,
// maps to themselves, through Y6 and Y7.
#define TABOR2(tab) \
	VMOVDQU tab, Y7 \
	VPSHUFB Y0, Y7, Y6 \
	VPCMPEQB Y0, Y6, Y6 \
	VPOR Y6, Y4, Y4 \
	VPSHUFB Y1, Y7, Y6 \
	VPCMPEQB Y1, Y6, Y6 \
	VPOR Y6, Y5, Y5

// EQOR2 adds to Y4:Y5 the bytes of Y0:Y1 equal to those of c, through Y6.
#define EQOR2(c) \
	VPCMPEQB c, Y0, Y6 \
	VPOR Y6, Y4, Y4 \
	VPCMPEQB c, Y1, Y6 \
	VPOR Y6, Y5, Y5

// func scanWordsAVX2(src *byte, words int, s *wordScan) int
//
// For each 64-byte word of src, in Y0 (bytes 0–31) and Y1 (32–63), it
// writes the eleven masks of a wordMasks to s.m (open, close, lines, crs,
// sym, letters, allowed, events, digits, marks, blanks), derives s.f from
// them as deriveWord does, with the
// carry in R8–R11 (the prefix XOR that finds comments is a carry-less
// multiplication by all ones, as in simdjson), and counts the word while
// scanWordsGeneric would.
TEXT ·scanWordsAVX2(SB), NOSPLIT, $0-32
	MOVQ src+0(FP), SI
	MOVQ words+8(FP), CX
	MOVQ s+16(FP), DI
	VMOVDQU mvopen<>(SB), Y8
	VMOVDQU mvclose<>(SB), Y9
	VMOVDQU mvnl<>(SB), Y10
	VMOVDQU mvcr<>(SB), Y11
	VMOVDQU mvcase<>(SB), Y12
	VMOVDQU mvlowa<>(SB), Y13
	VMOVDQU mvc25<>(SB), Y14
	VMOVDQU mvzero<>(SB), Y15
	MOVQ cInComment(DI), R8
	MOVQ cSym(DI), R9
	MOVQ cSum(DI), R10
	MOVQ cPending(DI), R11

loop:
	PREFETCHT0 4096(SI)
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	EQ2(Y8, mOpen)
	EQ2(Y9, mClose)
	EQ2(Y10, mLines)
	EQ2(Y11, mCrs)

	// Letters: (c|0x20)-'a' at most 25, unsigned; Y4:Y5 gathers the
	// symbol bytes from them on.
	VPOR Y12, Y0, Y4
	VPSUBB Y13, Y4, Y4
	VPMINUB Y14, Y4, Y6
	VPCMPEQB Y6, Y4, Y4
	VPOR Y12, Y1, Y5
	VPSUBB Y13, Y5, Y5
	VPMINUB Y14, Y5, Y6
	VPCMPEQB Y6, Y5, Y5
	MASK2(Y4, Y5, mLetters)

	// Digits: c-'0' at most 9.
	VPSUBB Y15, Y0, Y2
	VPMINUB mvc9<>(SB), Y2, Y6
	VPCMPEQB Y6, Y2, Y2
	VPSUBB Y15, Y1, Y3
	VPMINUB mvc9<>(SB), Y3, Y6
	VPCMPEQB Y6, Y3, Y3
	MASK2(Y2, Y3, mDigits)
	VPOR Y2, Y4, Y4
	VPOR Y3, Y5, Y5
	TAB2(mvmarktab<>(SB), mMarks)

	// Symbols: letters, digits, _ + # : - (a table) and '='.
	TABOR2(mvsymtab<>(SB))
	EQOR2(mvequal<>(SB))
	MASK2(Y4, Y5, mSym)

	// Allowed: symbols, the bytes of a table, and line feeds.
	TABOR2(mvalltab<>(SB))
	EQOR2(Y10)
	MASK2(Y4, Y5, mAllowed)

	TAB2(mvevtab<>(SB), mEvents)

	// Blanks, and 'p'.
	VMOVDQU mvblanktab<>(SB), Y7
	VPSHUFB Y0, Y7, Y2
	VPSHUFB Y1, Y7, Y3
	VPCMPEQB Y0, Y2, Y2
	VPCMPEQB Y1, Y3, Y3
	VPCMPEQB mvpee<>(SB), Y0, Y6
	VPOR Y6, Y2, Y2
	VPCMPEQB mvpee<>(SB), Y1, Y6
	VPOR Y6, Y3, Y3
	MASK2(Y2, Y3, mBlanks)

	// Comments, and the bad bytes of broken ones.
	MOVQ mOpen(DI), AX
	MOVQ mClose(DI), BX
	MOVQ AX, DX
	ORQ BX, DX
	VMOVQ DX, X0
	VPCLMULQDQ $0x00, mvones<>(SB), X0, X0
	VMOVQ X0, DX
	XORQ R8, DX     // p
	MOVQ DX, fP(DI)
	ANDNQ AX, DX, R13 // open &^ p
	MOVQ BX, AX
	ANDQ DX, AX       // close & p
	ORQ AX, R13
	ORQ DX, BX
	NOTQ BX           // out
	MOVQ mLines(DI), AX
	MOVQ AX, fLines(DI)
	ANDQ DX, AX
	MOVQ AX, fComLines(DI)
	TESTQ AX, AX
	JEQ notags        // no line breaks in comments, as in most words
	MOVQ mMarks(DI), R12
	SHRQ $1, R12
	MOVQ mSym(DI), R14
	SHRQ $2, R14
	ANDQ R14, R12     // a mark ('[') and a symbol byte next
	MOVQ mBlanks(DI), R14
	SHRQ $1, R14
	ORQ R14, R12      // or a blank
	ORQ mvtop2<>(SB), R12
	ANDQ R12, AX      // tagLines

notags:
	CMPQ mCrs(DI), $0
	JEQ nocr1         // no CRs, as in most files
	MOVQ mLines(DI), R14
	SHRQ $1, R14
	ANDNQ mCrs(DI), R14, R14
	ORQ R14, AX       // and the CRs before no LF

nocr1:
	MOVQ AX, fAttn(DI) // attn, so far
	SARQ $63, DX
	MOVQ DX, R8       // inComment

	// Bytes outside comments: what game does not read, events, digits,
	// symbols and where they start.
	MOVQ mAllowed(DI), AX
	ANDNQ BX, AX, AX  // out &^ allowed
	ORQ AX, R13
	MOVQ mEvents(DI), R12
	ANDQ BX, R12      // events
	MOVQ mDigits(DI), R14
	ANDQ BX, R14      // digits
	MOVQ mSym(DI), AX
	ANDQ BX, AX       // sym
	LEAQ (AX)(AX*1), BX
	ORQ R9, BX
	ANDNQ AX, BX, BX  // start
	MOVQ AX, R9
	SHRQ $63, R9      // symCarry
	MOVQ mLetters(DI), DX
	ORQ mDigits(DI), DX
	ANDNQ BX, DX, DX  // starts of neither letter nor digit
	ORQ DX, R13
	CMPQ mCrs(DI), $0
	JEQ nocr2
	MOVQ mLines(DI), DX
	SHRQ $1, DX
	ANDQ mCrs(DI), DX   // CRLFs' CRs
	ANDNQ R13, DX, R13

nocr2:
	MOVQ R13, fBad(DI) // bad, so far

	// Symbols that start with a digit are visited when they may be
	// something else than a move number.
	MOVQ mDigits(DI), DX
	ANDQ BX, DX       // digStart
	MOVQ R14, R13
	ADDQ DX, R14      // dsum
	ANDNQ R13, R14, R15 // the digit runs begun in the word
	MOVQ $0, fDigCross(DI)
	BTQ $63, R15
	JCC nocross
	BSRQ DX, R15
	BTSQ R15, R12     // the one that runs into the next word
	BTQ R15, mMarks(DI)
	JCS nocross       // starts with '0'
	BTSQ R15, fDigCross(DI)

nocross:
	MOVQ mMarks(DI), R15
	ANDQ DX, R15
	ORQ R15, R12      // those that start with '0'
	ANDNQ R14, R13, R14 // the bytes after digit runs
	MOVQ mAllowed(DI), R13
	NOTQ R13
	ORQ AX, R13
	TESTQ R13, R14
	JEQ nodig
	ORQ DX, R12       // all, when one is followed by a symbol byte

nodig:
	MOVQ R12, fEvents(DI)

	// Symbols that start with a letter: moves, and where they end.
	MOVQ mLetters(DI), R12
	ANDQ BX, R12      // letStart
	MOVQ R12, fMoves(DI)
	MOVQ AX, DX
	BTQ $0, R10
	ADCQ R12, DX      // sum
	SETCS R10B        // sumCarry
	ANDNQ DX, AX, DX  // runEnd
	MOVQ mMarks(DI), AX
	ANDQ DX, AX       // a letter symbol followed by '.'
	ORQ AX, fBad(DI)

	// Symbols of one or two bytes that may be "N" or "ep".
	MOVQ DX, AX
	SHRQ $2, AX
	MOVQ mBlanks(DI), BX
	SHRQ $1, BX
	ANDQ BX, AX
	MOVQ DX, BX
	SHRQ $1, BX
	ORQ BX, AX
	ANDQ R12, AX
	MOVQ AX, fCheck(DI)
	XORL BX, BX
	TESTQ R11, R11
	JEQ nopending     // no symbols begun at the end of the last word
	TESTQ $3, DX
	SETNE BL
	SHLQ $1, BX
	ANDQ $1, DX
	ORQ DX, BX
	ANDQ R11, BX

nopending:
	MOVQ BX, fCross(DI)
	MOVQ R12, R11
	SHRQ $62, R11     // pending
	ORQ fAttn(DI), BX
	ORQ fEvents(DI), BX
	ORQ AX, BX        // check
	ORQ fBad(DI), BX
	MOVQ BX, fAttn(DI) // attn

	// Count the word if it is calm and has nothing to visit but the
	// events that walk passes (scanWordsGeneric), else stop.
	MOVQ sAt(DI), AX
	MOVQ fEvents(DI), R12
	ANDNQ BX, R12, DX // attn &^ events (ANDN sets the zero flag)
	JNE stop
	LEAQ 64(AX), DX
	SUBQ sLineStart(DI), DX
	CMPQ DX, sMax(DI)
	JGT stop
	CMPQ fComLines(DI), $0
	JEQ calm
	LEAQ 63(AX), DX
	CMPQ sNextBreak(DI), DX
	JGT calm

	// A line break in a comment needs another after it: the next word's
	// first, if there is one (nextBreak).
	CMPQ CX, $1
	JEQ stop
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VPCMPEQB Y10, Y2, Y2
	VPCMPEQB Y10, Y3, Y3
	VPMOVMSKB Y2, DX
	VPMOVMSKB Y3, R13
	SHLQ $32, R13
	ORQ R13, DX
	TZCNTQ DX, DX
	JCS stop          // none
	LEAQ 64(AX)(DX*1), DX
	MOVQ DX, sNextBreak(DI)

calm:
	TESTQ R12, R12
	JEQ count

	// A symbol of digits that runs into the next word, passed when the
	// next word's bytes show a move number (digitsEnd): digits, then '.'
	// or a byte that ends a symbol but '/'.
	MOVQ fDigCross(DI), R13
	TESTQ R13, R13
	JEQ walkfrom
	CMPQ CX, $1
	JEQ walkfrom      // no next word here
	XORL R14, R14

peek:
	MOVBLZX 64(SI)(R14*1), R15
	LEAL -0x30(R15), DX
	CMPL DX, $9
	JHI peeked
	INCQ R14
	CMPQ R14, $8
	JLT peek
	JMP walkfrom

peeked:
	CMPL R15, $0x2e   // '.'
	JEQ passdig
	CMPL R15, $0x2f   // '/'
	JEQ walkfrom
	BTL R15, mvsymbits<>(SB)
	JCS walkfrom      // a symbol byte

passdig:
	ANDNQ R12, R13, R12
	MOVQ R12, fEvents(DI)
	MOVQ fAttn(DI), DX
	ANDNQ DX, R13, DX
	MOVQ DX, fAttn(DI)
	TESTQ R12, R12
	JEQ count

walkfrom:
	// wordScan.walk, with the events in R12, the moves in R13, cur in
	// R14 and depth in R15.
	MOVQ fMoves(DI), R13
	MOVQ sCur(DI), R14
	MOVQ sDepth(DI), R15

walk:
	BSFQ R12, DX      // k, the event's bit
	MOVQ R12, BX
	NEGQ BX
	ANDQ R12, BX
	DECQ BX           // the bits below k
	MOVQ R13, AX
	ANDQ BX, AX
	POPCNTQ AX, AX
	ADDQ AX, R14      // the moves before it
	ANDNQ R13, BX, R13
	MOVBLZX (SI)(DX*1), AX
	CMPB AL, $0x28
	JEQ wopen
	CMPB AL, $0x29
	JEQ wclose
	CMPB AL, $0x24
	JNE wstop

	// '$' and one to three digits, no symbol byte after them (a fourth
	// digit is one).
	CMPQ DX, $60
	JGE wstop
	MOVQ mDigits(DI), BX
	INCQ DX
	BTQ DX, BX
	JCC wstop
	INCQ DX
	BTQ DX, BX
	JCC wnag
	INCQ DX
	BTQ DX, BX
	JCC wnag
	INCQ DX

wnag:
	MOVQ mSym(DI), BX
	BTQ DX, BX
	JCS wstop
	JMP wnext

wopen:
	// '(' after a move, not right after a symbol byte of the word.
	TESTQ DX, DX
	JEQ wstop
	DECQ DX
	MOVQ mSym(DI), BX
	BTQ DX, BX
	JCS wstop
	TESTQ R14, R14
	JEQ wstop
	CMPQ R15, sMaxDepth(DI)
	JGE wstop
	MOVL R14, sStack(DI)(R15*4)
	INCQ R15
	XORL R14, R14
	JMP wnext

wclose:
	TESTQ R15, R15
	JEQ wstop
	DECQ R15
	MOVLQSX sStack(DI)(R15*4), R14

wnext:
	MOVQ R12, BX
	DECQ BX
	ANDQ BX, R12
	JNE walk
	MOVQ R13, fMoves(DI)
	MOVQ R12, fEvents(DI)
	MOVQ R14, sCur(DI)
	MOVQ R15, sDepth(DI)
	MOVQ sAt(DI), AX

count:
	LEAQ 64(AX), BX   // the next word's offset
	POPCNTQ fMoves(DI), DX
	ADDQ DX, sCur(DI)
	MOVQ fLines(DI), DX
	TESTQ DX, DX
	JEQ nolines
	POPCNTQ DX, R12
	ADDQ R12, sNl(DI)
	BSRQ DX, DX
	LEAQ 1(AX)(DX*1), DX
	MOVQ DX, sLineStart(DI)

nolines:
	MOVQ BX, sAt(DI)
	ADDQ $64, SI
	DECQ CX
	JNZ loop

stop:
	MOVQ R8, cInComment(DI)
	MOVQ R9, cSym(DI)
	MOVQ R10, cSum(DI)
	MOVQ R11, cPending(DI)
	MOVQ words+8(FP), AX
	SUBQ CX, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

wstop:
	// walk stopped at an event that visitWord is to see to.
	MOVQ R13, fMoves(DI)
	MOVQ R12, fEvents(DI)
	MOVQ R14, sCur(DI)
	MOVQ R15, sDepth(DI)
	JMP stop
