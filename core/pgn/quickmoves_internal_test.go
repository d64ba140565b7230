package pgn

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// stopEach is a wordScan.max under which no word is quiet: scanWords
// stops at each, with its masks and facts in the wordScan.
const stopEach = -1 << 40

// TestClassify checks the masks of scanWords against classifyWord: every
// byte value at every position of a word, and random words.
func TestClassify(t *testing.T) {
	if !scanWordsFast() {
		t.Skip("scanWords is scanWordsGeneric here")
	}
	var src []byte
	for c := range 256 {
		for k := range 64 {
			w := bytes.Repeat([]byte{'a'}, 64)
			w[k] = byte(c)
			src = append(src, w...)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		for range 64 {
			src = append(src, byte(rng.IntN(256)))
		}
	}
	for w := range len(src) / 64 {
		word := src[64*w : 64*w+64]
		want := classifyWord(word)
		s := wordScan{max: stopEach}
		if k := scanWords(word, 1, &s); k != 0 || s.m != want {
			t.Fatalf("word %d %q: %d counted, masks\n%+v, want\n%+v", w, word, k, s.m, want)
		}
	}
}

// TestWordScanLayout holds the sizes in which scanWordsAVX2 reads and
// writes the fields of a wordScan, which go_asm.h does not give as it
// gives their offsets: eight bytes (MOVQ) for the masks, facts, carry and
// counts, four (MOVL) for an entry of the stack.
func TestWordScanLayout(t *testing.T) {
	var s wordScan
	for _, typ := range []reflect.Type{reflect.TypeOf(s.m), reflect.TypeOf(s.f), reflect.TypeOf(s.carry)} {
		for i := range typ.NumField() {
			if f := typ.Field(i); f.Type.Size() != 8 {
				t.Errorf("%s.%s is %d bytes, scanWordsAVX2 reads 8", typ.Name(), f.Name, f.Type.Size())
			}
		}
	}
	for _, c := range []struct {
		name       string
		size, want uintptr
	}{
		{"at", unsafe.Sizeof(s.at), 8}, {"lineStart", unsafe.Sizeof(s.lineStart), 8},
		{"nl", unsafe.Sizeof(s.nl), 8}, {"cur", unsafe.Sizeof(s.cur), 8},
		{"max", unsafe.Sizeof(s.max), 8}, {"nextBreak", unsafe.Sizeof(s.nextBreak), 8},
		{"depth", unsafe.Sizeof(s.depth), 8}, {"maxDepth", unsafe.Sizeof(s.maxDepth), 8},
		{"stack[0]", unsafe.Sizeof(s.stack[0]), 4},
	} {
		if c.size != c.want {
			t.Errorf("%s is %d bytes, scanWordsAVX2 reads %d", c.name, c.size, c.want)
		}
	}
}

// TestScanWords checks scanWords against scanWordsGeneric: random words of
// the bytes movetext is made of, one at a time from every carried state,
// and the corpora's words as wordMoves scans them.
func TestScanWords(t *testing.T) {
	if !scanWordsFast() {
		t.Skip("scanWords is scanWordsGeneric here")
	}
	const alphabet = "{}{}\n\n\r     ....abcNNeepp00123456789$$(())**[[\t_+#=:-!?\"%\x80\xff"
	rng := rand.New(rand.NewPCG(3, 4))
	src := make([]byte, 64*4000)
	for w := range 4000 {
		// Dense words and sparse ones, mostly letters.
		dense := rng.IntN(2) == 0
		for k := range 64 {
			c := byte('a' + rng.IntN(26))
			if dense || rng.IntN(8) == 0 {
				c = alphabet[rng.IntN(len(alphabet))]
			}
			src[64*w+k] = c
		}
	}
	var carries []wordCarry
	for _, c := range []uint64{0, ^uint64(0)} {
		for s := range uint64(2) {
			for sum := range uint64(2) {
				for p := range uint64(4) {
					carries = append(carries, wordCarry{inComment: c, sym: s, sum: sum, pending: p})
				}
			}
		}
	}
	for _, c0 := range carries {
		scanEach(t, src, wordScan{carry: c0, max: stopEach}, nil)
	}
	// The same words counted, with a line break found at the end of each
	// word, or just before or after it, and variations walked up to a
	// depth of 3.
	for _, c0 := range carries {
		scanEach(t, src, wordScan{carry: c0, max: 1 << 20, maxDepth: 3}, func(s *wordScan) {
			s.nextBreak = s.at + 62 + rng.IntN(3)
		})
	}
	// Words of movetext tokens, well formed and not, with variations
	// walked up to a depth of 3 or 128.
	tokens := []string{"e4 ", "Nf3 ", "exd5", "O-O ", "(", ")", "( ", " )", ") (", "$1 ", "$12 ", "$123",
		"$1234 ", "$12a ", "$ ", "$0", "{c} ", "{(} ", "12. ", "1... ", "\n", "a", "(e4 ", "e4(", "  "}
	var text []byte
	for len(text) < 64*20000 {
		text = append(text, tokens[rng.IntN(len(tokens))]...)
	}
	for _, depth := range []int{3, 128} {
		scanEach(t, text, wordScan{max: 1 << 20, nextBreak: len(text), maxDepth: depth}, nil)
	}
	// Digit symbols of every kind running into the next word, which a
	// scan of several words at once looks past (digitsEnd), and symbols
	// of letters that may be "N" or "ep" across words.
	tokens = []string{"e4 ", "Nf3 ", "{c} ", "12. ", "123. ", "1... ", "7.", "12a ", "1-0 ", "0-1 ", "1/2-1/2 ",
		"12 ", "$12 ", "9{", "9(", "9)", "99_", "9+", "9#", "9=", "9:", "9-", "9/", "9\n", "9\r", "9\x80", "99999999999 ",
		"N ", "N", "N-", "N_", "N+", "N#", "N=", "N:", "N1", "Nf3 ", "ep ", "ep", "epd", "e ", "e4 ", "p ", " "}
	text = text[:0]
	for len(text) < 64*20000 {
		text = append(text, tokens[rng.IntN(len(tokens))]...)
	}
	scanBatches(t, text, wordScan{max: 1 << 20, nextBreak: len(text), maxDepth: 128}, rng)
	// The random words too, several at a time: the loop looks past a
	// word's end for a move number (digitsEnd) and for a line break.
	for _, next := range []int{-1, len(src)} {
		scanBatches(t, src, wordScan{max: 1 << 20, nextBreak: next, maxDepth: 3}, rng)
	}
	// The corpora, counting the quiet words and going past the others,
	// with the line breaks a game would find (nextBreak) and without.
	eachCorpus(t, func(name string, _ bool, data []byte) {
		for _, next := range []int{-1, len(data)} {
			got := wordScan{max: 200, nextBreak: next, maxDepth: 128}
			want := got
			words := len(data) / 64
			for got.at/64 < words {
				from := got.at
				kg := scanWords(data[from:], words-from/64, &got)
				kw := scanWordsGeneric(data[from:], words-from/64, &want)
				if kg != kw || got != want {
					t.Fatalf("%s from %d:\ngot  %d %+v\nwant %d %+v", name, from, kg, got, kw, want)
				}
				if got.at/64 < words {
					got.count()
					want.count()
				}
			}
		}
	})
}

// scanBatches scans the words of text from state s0 with scanWords and
// with scanWordsGeneric, a random number of them at a time, and counts
// each word they stop at; it fails where they differ.
func scanBatches(t *testing.T, text []byte, s0 wordScan, rng *rand.Rand) {
	t.Helper()
	got, want := s0, s0
	for got.at/64 < len(text)/64 {
		from, words := got.at, min(1+rng.IntN(8), len(text)/64-got.at/64)
		kg := scanWords(text[from:], words, &got)
		kw := scanWordsGeneric(text[from:], words, &want)
		if kg != kw || got != want {
			t.Fatalf("from %d, %d words:\ngot  %d %+v\nwant %d %+v", from, words, kg, got, kw, want)
		}
		if kg < words {
			got.count()
			want.count()
		}
	}
}

// scanEach scans the words of src one at a time with scanWords and with
// scanWordsGeneric, from state s0, with the nextBreak that prepare, if not
// nil, sets before each word, and counts each word they stop at; it fails
// where they differ.
func scanEach(t *testing.T, src []byte, s0 wordScan, prepare func(*wordScan)) {
	t.Helper()
	got, want := s0, s0
	for w := range len(src) / 64 {
		if prepare != nil {
			prepare(&got)
			want.nextBreak = got.nextBreak
		}
		word := src[64*w : 64*w+64]
		kg, kw := scanWords(word, 1, &got), scanWordsGeneric(word, 1, &want)
		if kg != kw || got != want {
			t.Fatalf("word %d %q from %+v:\ngot  %d %+v\nwant %d %+v", w, word, s0.carry, kg, got, kw, want)
		}
		if kg == 0 {
			got.count()
			want.count()
		}
	}
}

// scanGames runs quickScan.game over data game after game, with movetext
// scanned as mode says, and returns what each call found.
func scanGames(data []byte, mode wordsMode, eof bool) ([]quickGame, int) {
	q := &quickScan{limits: DefaultLimits(), words: mode}
	var out []quickGame
	pos, col := 0, 1
	for {
		g, st := q.game(data[pos:], col, eof)
		g.result += "/" + string('0'+rune(st))
		out = append(out, g)
		if st != quickOK || g.end == 0 {
			return out, q.worded
		}
		pos += g.end
		col = g.endCol
	}
}

// wordsBoth fails unless quickScan finds the same games in data whether it
// scans movetext a byte or 64 bytes at a time. Where the bytes may go on,
// the words may ask for more where the bytes decide.
func wordsBoth(t *testing.T, data []byte) (games, worded int) {
	t.Helper()
	modes := []wordsMode{wordsGeneric}
	if scanWordsFast() {
		modes = append(modes, wordsAuto)
	}
	for _, eof := range []bool{true, false} {
		want, _ := scanGames(data, wordsOff, eof)
		for _, mode := range modes {
			got, n := scanGames(data, mode, eof)
			if eof {
				games, worded = len(got), n
			}
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					if !eof && strings.HasSuffix(got[i].result, "/2") && i == len(got)-1 {
						break
					}
					t.Fatalf("mode %d, eof %v, game %d:\ngot  %+v\nwant %+v", mode, eof, i+1, got[i], want[i])
				}
			}
			if len(got) != len(want) && !(!eof && strings.HasSuffix(got[len(got)-1].result, "/2")) {
				t.Fatalf("mode %d, eof %v: %d games, want %d", mode, eof, len(got), len(want))
			}
		}
	}
	return games, worded
}

// wordCases are movetexts on the edges of what wordMoves decides, each
// placed at several offsets from a 64-byte boundary.
var wordCases = []string{
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0",
	"1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:59] } 0-1",
	"1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) e5 2. Nf3 $1 $22 N Nc6 ep 3. ep N 1/2-1/2",
	"1. e4 {a comment\nover lines\n[Event \"x\"]\nand more} e5 *",
	"1. e4 {a comment\n  over lines} e5 {\n} 2. d4 *",
	"1. e4 {a\n[%clk 0:01:00] } e5 1-0",
	"1. e4 {a\n [%clk 0:01:00] }\ne5 {b\n\t[Annotator \"x\"] [c \"d\"]} 1-0",
	"1. e4 {a\n[_x \"y\"]} 1-0",
	"1. e4 {a\n[%clk 0:01:00] } e5 {b\n[%clk",
	"1. e4 {a\n[%clk 0:01:00] } e5 {b\n[Event",
	"1. e4 {a\n[%clk 0:01:00] } e5 {b\n[",
	"1. e4 e5 2. exd6e.p. *",
	"1. e4 e5 2. e4/ *",
	"1. e4 e5 2. e4( d4) *",
	"1. e4 e5 12(d4) *",
	"1. e4 e5 $1e4 *",
	"1. e4 e5 $1234 *",
	"1. e4 e5 $ 1 *",
	"1. e4 { a { b } e5 *",
	"1. e4 } e5 *",
	"1. e4 e5 2. Nf3 0-0 *",
	"1. e4 e5 2. Nf3 1-2 *",
	"1. e4 e5 2. 1e4 *",
	"1. e4 e5 2. 0000 Nf6 *",
	"1. e4 e5 2. 0000* 1-0",
	"1. 0000. e4 00 e5 000 *",
	"1. e4 e5 2. _x *",
	"1. e4 e5 2. Nf3\r\n1-0",
	"1. e4 e5 2. Nf3 {a\rb} 1-0",
	"1. e4 e5 2. Nf3 {a\r\n[%clk 0:01:00]\r\n} Nf6\r\n3. d4 1-0\r\n",
	"1. e4 e5 2. Nf3 {a\r\n[Event \"x\"]\r\n} Nf6 1-0\r\n",
	"1. e4 e5 2. Nf3 \r 1-0",
	"1. e4 e5 2. Nf3\r",
	"1. e4 e5 2. Nf3\r\r\n1-0",
	"1. e4 " + strings.Repeat("e5 ", DefaultLimits().MaxLineLength/3) + "\r\n1-0",
	"1. e4 " + strings.Repeat("e5 ", DefaultLimits().MaxLineLength/3-1) + "\r\n1-0",
	"1. e4\te5 1-0",
	"1. e4 e5 (2. Nf3 1-0) *",
	"1. e4 e5 (2. Nf3 *) 1-0",
	"1. e4 e5 ) 1-0",
	"(1. e4) 1-0",
	"1. e4 e5 ((2. d4)) 1-0",
	"1. e4 e5 1-0a",
	"1. e4 e5 1-0 {after}",
	"1. e4 e5 1-0 2. d4",
	"1. e4 e5 0.5-0.5",
	"1.e4 e5 2.Nf3 Nc6 3...a6 *",
	"1. e4 {unterminated",
	"1. e4 e5\n% escape\n2. d4 *",
	"1. e4 e5\n  [Event \"b\"]\n*",
	"1. e4 e5 2. Nf3 N",
	"1. e4 e5 2. Nf3 ep",
	"1. Nf3 N Nc3 ep e4 NN epp N1 ep1 *",
	"1. e4 e5 (ep (d4)) *",
	"1. e4 e5 (N (d4)) *",
	"1. e4 \x00 *",
	"1. e4 \xc3\xa9 *",
	"1. e4 {\xc3\xa9} *",
	"1. e4 !? e5 ?! 2. Nf3 !! *",
	"1. e4 e5 2. Nf3 Nc6 " + strings.Repeat("{"+strings.Repeat("x", 70)+"} ", 3) + "1-0",
	"1. e4 e5 " + strings.Repeat("Nf3 Ng1 ", 40) + "*",
	"1. e4 e5 " + strings.Repeat("(Nf3 ", 10) + strings.Repeat(") ", 10) + "*",
	"1. e4 e5 " + strings.Repeat("(Nf3 ", DefaultLimits().MaxDepth) + strings.Repeat(") ", DefaultLimits().MaxDepth) + "*",
	"1. e4 e5 " + strings.Repeat("(Nf3 ", DefaultLimits().MaxDepth+1) + strings.Repeat(") ", DefaultLimits().MaxDepth+1) + "*",
	"1. e4 " + strings.Repeat("x", DefaultLimits().MaxLineLength) + " *",
	"1. e4 {" + strings.Repeat("x", DefaultLimits().MaxLineLength) + "} *",
	"1. e4 {" + strings.Repeat("x", DefaultLimits().MaxLineLength) + "}\ne5 *",
	"1. e4 {" + strings.Repeat("x", DefaultLimits().MaxLineLength) + "\n} e5 *",
	"1. e4 " + strings.Repeat("e5 ", DefaultLimits().MaxLineLength/3) + "\n1-0",
	"1. e4 " + strings.Repeat("e5 ", DefaultLimits().MaxLineLength/3-3) + "\n1-0",
}

// wordGames are games that wordMoves must decide, not game's loop.
var wordGames = []string{
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0",
	"1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.2]\n[%clk 0:03:00] } 2. Nf3 { [%clk 0:02:59] } 0-1",
	"1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5\n9. Bxe7 Qxe7 10. Nxd5 exd5 1/2-1/2",
	"1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) e5 2. Nf3 $1 $22 Nc6 3. Bb5 !? a6 ?! *",
	"1. e4 {a comment\n  over lines} e5 {\n} 2. d4 exd4 3. e8=Q+ Kxe8 4. O-O-O# 1-0",
	"1. e4 { [%clk 0:03:00] } e5 {a\r\n[%clk 0:01:00] }\r\n2. Nf3 Nc6\r\n3. Bb5 a6 1/2-1/2",
}

// TestWordMoves checks wordMoves against game's byte-at-a-time loop.
func TestWordMoves(t *testing.T) {
	for _, c := range wordCases {
		for pad := range 66 {
			if len(c) > 1000 && pad%31 != 0 {
				continue // long: a few places are enough
			}
			// pad shifts the movetext against the 64-byte words, which
			// start where it does; a game after it checks where the first
			// one ends.
			game := "[Event \"a\"]\n\n" + strings.Repeat(" ", pad) + c
			for _, data := range []string{game, game + "\n", game + "\n\n[Event \"b\"]\n\n1. d4 d5 *\n"} {
				wordsBoth(t, []byte(data))
			}
		}
	}
	for _, c := range quickCases {
		wordsBoth(t, []byte(c))
	}
	for _, c := range wordGames {
		for pad := range 66 {
			data := "[Event \"a\"]\n\n" + strings.Repeat(" ", pad) + c + "\n\n[Event \"b\"]\n\n1. d4 d5 *\n"
			if games, worded := wordsBoth(t, []byte(data)); worded != games-1 {
				t.Errorf("%q at %d: %d games decided by words, want %d", c, pad, worded, games-1)
			}
		}
	}
}

// TestWordMovesLongLine checks lines of the longest length the Reader
// takes, and one byte more, ended by LF and by CRLF: the words must decide
// the first and leave the second to game.
func TestWordMovesLongLine(t *testing.T) {
	max := DefaultLimits().MaxLineLength
	for _, eol := range []string{"\n", "\r\n"} {
		for _, extra := range []int{0, 1} {
			line := "1. e4 " + strings.Repeat("e5 ", (max-6)/3)
			line += strings.Repeat(" ", max+extra-len(line))
			data := "[Event \"a\"]\n\n" + line + eol + "1-0" + eol + "\n[Event \"b\"]\n\n1. d4 *\n"
			// Too long, the first game goes to the Reader, and the scan
			// stops there.
			games, worded := wordsBoth(t, []byte(data))
			if wantGames, wantWorded := 3-2*extra, 2-2*extra; games != wantGames || worded != wantWorded {
				t.Errorf("a line of %d bytes and %q: %d calls, %d games decided by words; want %d, %d", len(line), eol, games, worded, wantGames, wantWorded)
			}
		}
	}
}

// TestWordMovesCorpus checks wordMoves against game's loop on the reference
// corpora, and that it decides nearly every game.
func TestWordMovesCorpus(t *testing.T) {
	eachCorpus(t, func(name string, crlf bool, data []byte) {
		games, worded := wordsBoth(t, data)
		t.Logf("%s (CRLF %v): %d of %d games decided by words", name, crlf, worded, games)
		if worded < games*98/100 {
			t.Errorf("%s (CRLF %v): only %d of %d games decided by words", name, crlf, worded, games)
		}
	})
}

// FuzzWordMoves checks wordMoves against game's loop on any input.
func FuzzWordMoves(f *testing.F) {
	for _, c := range wordCases {
		f.Add([]byte("[Event \"a\"]\n\n" + c))
	}
	for _, c := range quickCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { wordsBoth(t, data) })
}

// TestIndexBytes checks that IndexBytes indexes as BuildIndex does.
func TestIndexBytes(t *testing.T) {
	inputs := [][]byte{}
	for _, c := range quickCases {
		inputs = append(inputs, []byte(c), []byte(c+"\n[Event \"b\"]\n\n1. d4 *\n"))
	}
	eachCorpus(t, func(_ string, _ bool, data []byte) { inputs = append(inputs, data) })
	for _, data := range inputs {
		want, werr := BuildIndex(context.Background(), bytes.NewReader(data), nil)
		got, gerr := IndexBytes(context.Background(), data, NewValueTable(), nil)
		if gerr != werr || got.Len() != want.Len() || len(got.Errors()) != len(want.Errors()) {
			t.Fatalf("%.40q: %d games, %d errors, %v; want %d, %d, %v", data, got.Len(), len(got.Errors()), gerr, want.Len(), len(want.Errors()), werr)
		}
		for i := range got.Len() {
			if a, b := got.Entry(i), want.Entry(i); a != b {
				t.Fatalf("%.40q: game %d:\ngot  %+v\nwant %+v", data, i+1, a, b)
			}
		}
	}
}

// BenchmarkScanGames times quickScan.game over the reference corpora with
// movetext scanned a byte at a time and 64 bytes at a time.
func BenchmarkScanGames(b *testing.B) {
	eachCorpus(b, func(name string, crlf bool, data []byte) {
		for _, mode := range []wordsMode{wordsOff, wordsAuto} {
			b.Run(fmt.Sprintf("%s/crlf=%v/words=%v", name, crlf, mode == wordsAuto), func(b *testing.B) {
				q := &quickScan{limits: DefaultLimits(), words: mode}
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					pos, col := 0, 1
					for {
						g, st := q.game(data[pos:], col, true)
						if st != quickOK {
							break
						}
						pos += g.end
						col = g.endCol
					}
				}
			})
		}
	})
}
