package pgn

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestReadTagLines compares readTagLines with tagLinesGeneric on tag
// sections made of lines in the usual form and of lines each broken in
// one way, cut at every length, with the bytes past n junk that would
// read as a line.
func TestReadTagLines(t *testing.T) {
	if !tagLinesFast() {
		t.Skip("no assembly here: readTagLines reads no line")
	}
	r := rand.New(rand.NewPCG(3, 4))
	good := []string{
		"[Event \"Rated blitz game\"]\n", "[Site \"https://lichess.org/abc\"]\r\n", "[White \"Øster, Åse\"]\n",
		"[X \"\"]\n", "[WhiteElo \"2500\"]\n", "[Opening \"" + strings.Repeat("x", 40) + "\"]\n",
	}
	bad := []string{
		"[Event \"a\\\"b\"]\n", "[Event \"a\tb\"]\n", "[Event \"x\"] \n", "[Event \"x\" ]\n", "[Event  \"x\"]\n",
		"[\"x\"]\n", "[Event \"x\"]\r\r\n", "[Event \"x\"]]\n", "[Ev\"ent \"x\"]\n", "[Event \"x\"\n",
		"[Event \"x\ry\"]\n", "[Event x]\n", "[Event \"" + strings.Repeat("y", 60) + "\"]\n", "\n", "1. e4 *\n",
		"[Event \"x\"]\x00\n", "[Event \"\x1f\"]\n",
	}
	var out, want [8]tagLine
	for range 4000 {
		var sb strings.Builder
		for range r.IntN(6) {
			sb.WriteString(good[r.IntN(len(good))])
		}
		if r.IntN(2) == 0 {
			sb.WriteString(bad[r.IntN(len(bad))])
		}
		for range r.IntN(3) {
			sb.WriteString(good[r.IntN(len(good))])
		}
		text := sb.String()
		for n := range len(text) + 1 {
			b := []byte(text[:n] + strings.Repeat("[A \"b\"]\n", 10))
			m := r.IntN(len(out) + 1)
			k, next := readTagLines(b, n, 0, out[:m])
			wk, wnext := tagLinesGeneric(b, n, 0, want[:m])
			if k != wk || next != wnext || !slices.Equal(out[:k], want[:wk]) {
				t.Fatalf("%q, n %d, max %d: %d lines to %d, %v; want %d to %d, %v", text, n, m, k, next, out[:k], wk, wnext, want[:wk])
			}
		}
	}
}

// tagLinesGeneric is what readTagLines does in assembly, in Go: the
// reference its tests hold it to.
func tagLinesGeneric(b []byte, n, p int, out []tagLine) (k, next int) {
	for ; k < len(out) && p+64 <= n && b[p] == '['; k++ {
		w := b[p : p+64]
		e := 0
		for e < len(w) && w[e] != '\n' {
			e++
		}
		if e == len(w) {
			break
		}
		end, flags := e, uint8(0)
		if w[e-1] == '\r' {
			end, flags = e-1, tagLineCR
		}
		q1, q2, bad := 64, 64, false
		for j, c := range w {
			switch {
			case c == '"' && q1 == 64:
				q1 = j
			case c == '"' && q2 == 64:
				q2 = j
			}
			if j < end && (c == '\\' || c < 0x20) {
				bad = true
			}
			if j < e && c >= 0x80 {
				flags |= tagLineHigh
			}
		}
		if bad || q2 != end-2 || q1 < 3 || w[q1-1] != ' ' || w[q2+1] != ']' {
			break
		}
		out[k] = tagLine{q1: uint8(q1), q2: uint8(q2), lf: uint8(e), flags: flags}
		p += e + 1
	}
	return k, p
}
