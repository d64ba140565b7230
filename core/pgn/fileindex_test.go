package pgn_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"touchmove/core/pgn"
)

// fileIndexInput returns games in many layouts: tag pairs in comments and
// after unterminated ones (a likely game start that is none), long games
// over many sections, CRLF lines, errors, and text between games.
func fileIndexInput(n int) string {
	r := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for i := range n {
		nl := "\n"
		if i%7 == 3 {
			nl = "\r\n"
		}
		fmt.Fprintf(&b, "[Event \"E%d\"]%s[White \"W%d\"]%s[Black \"B%d\"]%s[Result \"1-0\"]%s%s", i/10, nl, r.IntN(50), nl, r.IntN(50), nl, nl, nl)
		switch r.IntN(8) {
		case 0: // a comment holding what looks like a game start
			fmt.Fprintf(&b, "1. e4 {a note%s%s[Event \"not a game\"]%s} e5 1-0%s%s", nl, nl, nl, nl, nl)
		case 1: // a long game
			for m := 1; m < 200; m++ {
				fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 Ng8 ", 2*m-1, 2*m)
			}
			b.WriteString("1-0" + nl + nl)
		case 2: // a problem
			b.WriteString("1. e4 ) e5 1-0" + nl + nl)
		case 3: // text between games
			b.WriteString("1. d4 d5 1-0" + nl + nl + "some words" + nl + nl)
		default:
			b.WriteString("1. e4 e5 2. Nf3 Nc6 1-0" + nl + nl)
		}
	}
	return b.String()
}

// TestIndexFile checks that IndexFile lists a file in small sections as
// BuildIndex lists it whole: the same records, values and problems, from a
// file or any io.ReaderAt, in sections down to a few games.
func TestIndexFile(t *testing.T) {
	text := fileIndexInput(400)
	whole, err := pgn.BuildIndex(context.Background(), strings.NewReader(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := pgn.OpenTemp(t, text)
	for _, tt := range []struct {
		name string
		r    io.ReaderAt
		opts pgn.FileOptions
	}{
		{"file, small sections", f, pgn.FileOptions{Workers: 3, FirstSection: 100, MaxSection: 700}},
		{"reader, smallest sections", strings.NewReader(text), pgn.FileOptions{Workers: 2, FirstSection: 64, MaxSection: 64}},
		{"defaults", f, pgn.FileOptions{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var recs []pgn.Record
			var values []string
			var errs pgn.ErrorList
			done := int64(0)
			err := pgn.IndexFile(context.Background(), tt.r, int64(len(text)), tt.opts, func(b pgn.FileBatch) {
				if b.First != len(recs) {
					t.Fatalf("batch from game %d after %d games", b.First, len(recs))
				}
				if b.Done < done {
					t.Fatalf("done %d after %d", b.Done, done)
				}
				recs, values, errs, done = append(recs, b.Records...), b.Values, append(errs, b.Errors...), b.Done
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != whole.Len() || done != int64(len(text)) {
				t.Fatalf("%d games to %d bytes, want %d to %d", len(recs), done, whole.Len(), len(text))
			}
			for i, r := range recs {
				want, wr := whole.Entry(i), whole.Record(i)
				if r.Offset != wr.Offset || r.Length != wr.Length || r.Line != wr.Line || r.Column != wr.Column ||
					r.Plies != wr.Plies || r.Result != wr.Result || r.HasErrors != wr.HasErrors ||
					values[r.Values[pgn.FieldEvent]] != want.Event || values[r.Values[pgn.FieldWhite]] != want.White ||
					values[r.Values[pgn.FieldBlack]] != want.Black {
					t.Fatalf("game %d: %+v, want %+v", i, r, want)
				}
			}
			if len(errs) != len(whole.Errors()) {
				t.Fatalf("%d problems, want %d", len(errs), len(whole.Errors()))
			}
			for k, e := range errs {
				if w := whole.Errors()[k]; e.Error() != w.Error() || e.Offset != w.Offset || e.GameLine != w.GameLine {
					t.Errorf("problem %d: %v, want %v", k, e, w)
				}
			}
		})
	}
}

// TestIndexFileCancel checks that IndexFile stops with the context's error.
func TestIndexFileCancel(t *testing.T) {
	text := fileIndexInput(400)
	ctx, cancel := context.WithCancel(context.Background())
	games := 0
	err := pgn.IndexFile(ctx, strings.NewReader(text), int64(len(text)), pgn.FileOptions{FirstSection: 64, MaxSection: 64}, func(b pgn.FileBatch) {
		games += len(b.Records)
		cancel()
	})
	if !errors.Is(err, context.Canceled) || games == 0 || games >= 400 {
		t.Errorf("%d games, error %v", games, err)
	}
}

// TestIndexFileShort checks that a file shorter than said fails.
func TestIndexFileShort(t *testing.T) {
	text := fileIndexInput(50)
	err := pgn.IndexFile(context.Background(), bytes.NewReader([]byte(text)), int64(len(text))+1000, pgn.FileOptions{}, func(pgn.FileBatch) {})
	if err == nil {
		t.Error("no error")
	}
}
