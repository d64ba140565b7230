package posindex

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"touchmove/core/chess"
	"touchmove/internal/corpus"
)

// refFind returns the first ply of each game of ref where match holds for
// need positions in a row.
func refFind(ref []refGame, need int, match func(p *chess.Position) bool) []Hit {
	var hits []Hit
	for g, r := range ref {
		if r.unread {
			continue
		}
		p := r.start
		run, first := 0, 0
		for ply := 0; ; ply++ {
			if match(&p) {
				if run == 0 {
					first = ply
				}
				run++
				if run >= max(need, 1) {
					m := chess.NoMove
					if first < len(r.moves) {
						m = r.moves[first]
					}
					hits = append(hits, Hit{Game: g, Ply: first, Move: m})
					break
				}
			} else {
				run = 0
			}
			if ply == len(r.moves) {
				break
			}
			p.Play(r.moves[ply])
		}
	}
	return hits
}

func count(p *chess.Position, c chess.Color) [chess.King]int {
	var s [chess.King]int
	for t := chess.Pawn; t < chess.King; t++ {
		s[t] = p.Pieces(c, t).Count()
	}
	return s
}

// TestSearchesMatchReplay holds the material and pawn searches to a replay
// of every game of the reference corpora.
func TestSearchesMatchReplay(t *testing.T) {
	data := corpus.Read(t, "pgn/features_6k.pgn.gz")
	ref := reference(t, data)
	ix, err := BuildFile(context.Background(), bytes.NewReader(data), int64(len(data)), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []struct {
		text  string
		fixed bool
		plies int
	}{
		{"R vs B+2P", false, 1}, {"R vs B+2P", true, 1}, {"KRP vs KR", false, 4}, {"Q vs 2R", false, 1},
		{"K vs K", false, 1}, {"RR v Q", true, 2}, {"KP vs K", false, 10},
	} {
		m, err := ParseMaterial(spec.text)
		if err != nil {
			t.Fatal(err)
		}
		m.Fixed, m.MinPlies = spec.fixed, spec.plies
		got, err := ix.FindMaterial(context.Background(), m, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, b := m.Sides[0], m.Sides[1]
		want := refFind(ref, spec.plies, func(p *chess.Position) bool {
			w, bl := count(p, chess.White), count(p, chess.Black)
			return w == a && bl == b || !spec.fixed && w == b && bl == a
		})
		if !slices.Equal(got, want) {
			t.Errorf("%s fixed %v plies %d: %d games %v, the replay %d %v", spec.text, spec.fixed, spec.plies, len(got), head(got), len(want), head(want))
		}
		t.Logf("%s fixed %v plies %d: %d games", spec.text, spec.fixed, spec.plies, len(got))
	}
	// The pawns of some positions of the games.
	for _, g := range []int{3, 500, 2500, 4999} {
		p := ref[g].start
		for _, m := range ref[g].moves[:min(len(ref[g].moves), 24)] {
			p.Play(m)
		}
		ps := PawnsOf(&p)
		got, err := ix.FindPawns(context.Background(), ps, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := refFind(ref, 1, func(q *chess.Position) bool { return PawnsOf(q) == ps })
		if !slices.Equal(got, want) || len(got) == 0 {
			t.Errorf("pawns of %s: %d games %v, the replay %d %v", p.FEN(), len(got), head(got), len(want), head(want))
		}
		back, err := ParsePawns(p.FEN())
		if err != nil || back != ps {
			t.Errorf("ParsePawns(%s) = %v, %v", p.FEN(), back, err)
		}
	}
}

func TestParseMaterial(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"R vs B+2P", "R vs B+2P"}, {"KRP vs KR", "R+P vs R"}, {"Q v 2R", "Q vs 2R"}, {"K vs K", "K vs K"},
		{"rr vs q", "2R vs Q"}, {"R+N+3P vs R+B+2P", "R+N+3P vs R+B+2P"},
	} {
		m, err := ParseMaterial(c.in)
		if err != nil || m.String() != c.out {
			t.Errorf("ParseMaterial(%q) = %q, %v; want %q", c.in, m.String(), err, c.out)
		}
	}
	for _, in := range []string{"", "R", "R vs B vs N", "X vs R", "2 vs R", "R vs 17P"} {
		if _, err := ParseMaterial(in); err == nil {
			t.Errorf("ParseMaterial(%q) has no error", in)
		}
	}
}

// A balance is read in the window's piece letters and in English ones,
// told apart by their code points (a Cyrillic К is a knight, a Latin K a
// king), the sides joined by a word no piece letter can be: a Slovak V is
// a rook, not "vs" (issue 50, point 3).
func TestParseMaterialIn(t *testing.T) {
	ru, _ := chess.LettersOf("ru")
	sk, _ := chess.LettersOf("sk")
	inRussian, inSlovak := MaterialLetters{Pieces: ru, Pawn: "П"}, MaterialLetters{Pieces: sk, Pawn: "P"}
	for _, c := range []struct {
		in      string
		letters MaterialLetters
		out     string
	}{
		{"Л против С", inRussian, "R vs B"},
		{"Л против С+2П", inRussian, "R vs B+2P"},
		{"КрЛп против КрЛ", inRussian, "R+P vs R"},
		{"К vs K", inRussian, "N vs K"}, // Cyrillic К, a knight; Latin K, the king
		{"Ф – 2Л", inRussian, "Q vs 2R"},
		{"R vs B+2P", inRussian, "R vs B+2P"},
		{"V vs S+2P", inSlovak, "R vs B+2P"},
		{"V proti S+2P", inSlovak, "R vs B+2P"},
		{"KVP vs KV", inSlovak, "R+P vs R"},
		{"D vs 2J", inSlovak, "Q vs 2N"},
		{"R v B", MaterialLetters{}, "R vs B"},
	} {
		m, err := ParseMaterialIn(c.in, c.letters)
		if err != nil || m.String() != c.out {
			t.Errorf("ParseMaterialIn(%q) = %q, %v; want %q", c.in, m.String(), err, c.out)
		}
	}
	for _, in := range []string{"V v S", "V S", "X vs R", "Л против Ж"} {
		if m, err := ParseMaterialIn(in, inSlovak); err == nil {
			t.Errorf("ParseMaterialIn(%q) = %q, no error", in, m.String())
		}
	}
	if _, err := ParseMaterialIn("C vs Л", inRussian); err == nil || !strings.Contains(err.Error(), `'C' is not a piece letter`) {
		t.Errorf("a Latin C for a Cyrillic С: %v", err) // the letters told apart by code point
	}
}

// TestMaterialSignature holds each game's material signature to the least
// and most men of each kind in the positions of a replay of its main line,
// and checks that the signatures skip the games a search cannot find.
func TestMaterialSignature(t *testing.T) {
	data := corpus.Read(t, "pgn/features_6k.pgn.gz")
	ref := reference(t, data)
	ix, err := BuildFile(context.Background(), bytes.NewReader(data), int64(len(data)), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMaterial("R vs B+2P")
	if err != nil {
		t.Fatal(err)
	}
	skipped := 0
	for g, r := range ref {
		if r.unread {
			continue
		}
		want := gameHead{mat: noMat}
		p := r.start
		for ply := 0; ; ply++ {
			want.note(&p)
			if ply == len(r.moves) {
				break
			}
			p.Play(r.moves[ply])
		}
		if h := ix.games[g]; h.mat != want.mat || h.seen != want.seen {
			t.Fatalf("game %d: signature %x %x, the replay %x %x", g+1, h.mat, h.seen, want.mat, want.seen)
		}
		h := &ix.games[g]
		a, b := &m.Sides[0], &m.Sides[1]
		if !(h.seen&balanceBit(a, b) != 0 && h.mat.mayHold(chess.White, a) && h.mat.mayHold(chess.Black, b) ||
			h.seen&balanceBit(b, a) != 0 && h.mat.mayHold(chess.White, b) && h.mat.mayHold(chess.Black, a)) {
			skipped++
		}
	}
	if skipped < len(ref)*9/10 {
		t.Errorf("the signatures skip %d of %d games for %s", skipped, len(ref), m)
	}
	t.Logf("%s: %d of %d games skipped", m, skipped, len(ref))
}

// TestFileRoundTrip checks that an index read back from its file form is
// the index written, and that damaged files are refused.
func TestFileRoundTrip(t *testing.T) {
	data := corpus.Read(t, "pgn/features_6k.pgn.gz")
	ix, err := BuildFile(context.Background(), bytes.NewReader(data), int64(len(data)), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	n, err := ix.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatal(n, err)
	}
	back, err := Decode(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.games, ix.games) || !bytes.Equal(back.fp, ix.fp) || !bytes.Equal(back.mv, ix.mv) ||
		!slices.Equal(back.exc, ix.exc) || back.unread != ix.unread || len(back.starts) != len(ix.starts) {
		t.Fatal("the index read back differs")
	}
	for i := range ix.starts {
		a, b := ix.starts[i].position(), back.starts[i].position()
		if b.RepetitionKey() != a.RepetitionKey() || b.Chess960() != a.Chess960() {
			t.Errorf("start %d: %s read back as %s", i, a.FEN(), b.FEN())
		}
	}
	t.Logf("%d games, %d bytes, %.1f bytes a game", ix.Len(), buf.Len(), float64(buf.Len())/float64(ix.Len()))
	b := buf.Bytes()
	// Data not aligned to 8 bytes is copied, and reads the same.
	odd := make([]byte, len(b)+1)[1:]
	copy(odd, b)
	if back, err := Decode(odd); err != nil || !reflect.DeepEqual(back.games, ix.games) || !slices.Equal(back.exc, ix.exc) {
		t.Fatalf("read from an odd address: %v", err)
	}
	// Aligned data is used where it lies: no copy of the games.
	if asIs() && &back.games[0] != (*gameHead)(unsafe.Pointer(&b[headerSize])) {
		t.Error("the games of aligned data were copied")
	}
	for _, at := range []int{0, 30, len(b) / 2, len(b) - 1} {
		bad := bytes.Clone(b)
		bad[at] ^= 0x40
		if _, err := Decode(bad); err == nil {
			t.Errorf("a file changed at byte %d reads", at)
		}
	}
	if _, err := Decode(b[:len(b)/2]); err == nil {
		t.Error("a cut file reads")
	}
}

// BenchmarkBuild indexes the positions of a reference corpus.
func BenchmarkBuild(b *testing.B) {
	data := corpus.Read(b, "pgn/features_6k.pgn.gz")
	spans, err := ListFile(context.Background(), bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		bl := NewBuilder(nil)
		if err := bl.Add(context.Background(), bytes.NewReader(data), spans, Options{}, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(spans)*b.N)/b.Elapsed().Seconds(), "games/s")
}
