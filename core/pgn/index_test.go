package pgn_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

const indexInput = "\xef\xbb\xbf[Event \"One\"]\n[Site \"Here\"]\n[Date \"2024-03-14\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n" +
	"[WhiteElo \"2100\"]\n[BlackElo \"-\"]\n[ECO \"C20\"]\n[TimeControl \"300+2\"]\n\n1. e4 e5 (1... c5) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n" +
	"[Event \"Two\"]\n[White \"A\"]\n\n1. d4 ) d5 1/2-1/2 [Event \"Three\"] 1. c4 *\n" +
	"1. Nf3 Nf6"

func TestIndex(t *testing.T) {
	var progress []pgn.Progress
	ix, err := pgn.BuildIndex(context.Background(), strings.NewReader(indexInput), func(p pgn.Progress) { progress = append(progress, p) })
	if err != nil {
		t.Fatal(err)
	}
	if ix.Len() != 4 {
		t.Fatalf("%d games", ix.Len())
	}
	e := ix.Entry(0)
	want := pgn.Entry{Offset: 3, Line: 1, Column: 1, Event: "One", Site: "Here", Date: "2024.03.14", Round: "", White: "A", Black: "B",
		Result: "1-0", ECO: "C20", TimeControl: "300+2", WhiteElo: 2100, Plies: 7}
	want.Length = e.Length
	if e != want {
		t.Errorf("entry 0:\n%+v\nwant\n%+v", e, want)
	}
	if e1 := ix.Entry(1); e1.Event != "Two" || e1.Result != "1/2-1/2" || !e1.HasErrors || e1.Plies != 2 || e1.Line != 14 {
		t.Errorf("entry 1: %+v", e1)
	}
	if e2 := ix.Entry(2); e2.Event != "Three" || e2.Line != 17 || e2.Column != 20 || e2.Result != "*" {
		t.Errorf("entry 2: %+v", e2)
	}
	if e3 := ix.Entry(3); e3.Result != "*" || !e3.HasErrors || e3.Plies != 2 {
		t.Errorf("entry 3: %+v", e3)
	}
	if len(ix.Errors()) != 2 {
		t.Errorf("errors: %v", ix.Errors())
	}
	if len(progress) == 0 || progress[len(progress)-1] != (pgn.Progress{Offset: int64(len(indexInput)), Games: 4}) {
		t.Errorf("progress %v", progress)
	}

	// Each game read through the index equals the same game read in sequence.
	src := strings.NewReader(indexInput)
	seq, _ := readAll(t, []byte(indexInput))
	for i := 0; i < ix.Len(); i++ {
		b := pgn.NewGameBuilder()
		err := ix.ReadGame(src, i, b)
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("game %d: %v", i, err)
		}
		for _, e := range list {
			if e.Game != i+1 || e.Line < ix.Entry(i).Line {
				t.Errorf("game %d: error placed at %+v", i, *e)
			}
		}
		a, _ := export(seq[i:i+1], false)
		c, _ := export([]*game.Game{b.Game()}, false)
		if !bytes.Equal(a, c) {
			t.Errorf("game %d differs:\n%s\n---\n%s", i, a, c)
		}
	}
	if err := ix.ReadGame(src, 4, pgn.NopVisitor{}); err == nil {
		t.Error("ReadGame out of range")
	}
}

// TestRecord checks that a Record, with its values looked up, is the Entry.
func TestRecord(t *testing.T) {
	ix, err := pgn.BuildIndex(context.Background(), strings.NewReader(indexInput), nil)
	if err != nil {
		t.Fatal(err)
	}
	strs := ix.Values()
	for i := range ix.Len() {
		r, want := ix.Record(i), ix.Entry(i)
		v := r.Values
		got := pgn.Entry{
			Offset: r.Offset, Length: int64(r.Length), Line: int(r.Line), Column: int(r.Column),
			Event: strs[v[pgn.FieldEvent]], Site: strs[v[pgn.FieldSite]], Date: strs[v[pgn.FieldDate]],
			Round: strs[v[pgn.FieldRound]], White: strs[v[pgn.FieldWhite]], Black: strs[v[pgn.FieldBlack]],
			Result: r.Result.String(), ECO: strs[v[pgn.FieldECO]], TimeControl: strs[v[pgn.FieldTimeControl]],
			Other: strs[v[pgn.FieldOther]], WhiteElo: int(r.WhiteElo), BlackElo: int(r.BlackElo),
			Plies: int(r.Plies), HasErrors: r.HasErrors,
		}
		if got != want {
			t.Errorf("game %d:\n%+v\nwant\n%+v", i, got, want)
		}
		if res, _ := chess.ParseResult(want.Result); res != r.Result {
			t.Errorf("game %d: result %q, the record %q", i, want.Result, r.Result)
		}
	}
}

func TestIndexErrorPositions(t *testing.T) {
	ix, err := pgn.BuildIndex(context.Background(), strings.NewReader(indexInput), nil)
	if err != nil {
		t.Fatal(err)
	}
	b := pgn.NewGameBuilder()
	err = ix.ReadGame(strings.NewReader(indexInput), 1, b)
	var list pgn.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Line != 17 || list[0].Column != 7 || indexInput[list[0].Offset] != ')' {
		t.Errorf("error %v", err)
	}
}

func TestIndexCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ix, err := pgn.BuildIndex(ctx, strings.NewReader(indexInput), nil)
	if !errors.Is(err, context.Canceled) || ix == nil || ix.Len() != 0 {
		t.Errorf("BuildIndex after cancel: %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	ix, err = pgn.BuildIndex(ctx, strings.NewReader(strings.Repeat(indexInput+" *\n", 10000)), func(p pgn.Progress) { cancel() })
	if !errors.Is(err, context.Canceled) || ix.Len() == 0 || ix.Len() >= 40000 {
		t.Errorf("cancel during the build: %v, %d games", err, ix.Len())
	}
}

// TestIndexCorpus indexes the reference files and reads games back through
// the index: they must equal the games read in sequence.
func TestIndexCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	eachCorpus(t, func(t *testing.T, data []byte) {
		ix, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data), nil)
		if err != nil {
			t.Fatal(err)
		}
		r := pgn.NewReader(bytes.NewReader(data))
		b := pgn.NewGameBuilder()
		src := bytes.NewReader(data)
		for i := 0; ; i++ {
			if err := r.ReadGame(b); err == io.EOF {
				if i != ix.Len() {
					t.Errorf("%d games read, %d indexed", i, ix.Len())
				}
				break
			} else if err != nil {
				t.Fatal(err)
			}
			e := ix.Entry(i)
			g := b.Game()
			if e.Plies != g.PlyCount() || e.Result != g.Result().String() || e.HasErrors {
				t.Fatalf("game %d: entry %+v, game plies %d", i+1, e, g.PlyCount())
			}
			tag := func(name string) string { v, _ := g.Tags.Lookup(name); return v }
			date, ok := game.NormalizeDate(tag("Date"))
			if !ok {
				date = tag("Date")
			}
			for _, f := range []struct{ got, tag, want string }{
				{e.Event, "Event", tag("Event")}, {e.Site, "Site", tag("Site")},
				{e.Date, "Date", date}, {e.Round, "Round", tag("Round")},
				{e.White, "White", tag("White")}, {e.Black, "Black", tag("Black")},
				{e.ECO, "ECO", tag("ECO")}, {e.TimeControl, "TimeControl", tag("TimeControl")},
			} {
				if f.got != f.want && !(f.got == "" && (f.want == "?" || f.want == "????.??.??")) { // the roster filled in
					t.Fatalf("game %d: %s %q in the index, %q in the game", i+1, f.tag, f.got, f.want)
				}
			}
			if o := tag("Opening"); o != "" && !strings.Contains(e.Other, o) {
				t.Fatalf("game %d: Other %q without the Opening %q", i+1, e.Other, o)
			}
			if i%97 == 0 {
				b2 := pgn.NewGameBuilder()
				if err := ix.ReadGame(src, i, b2); err != nil {
					t.Fatal(err)
				}
				a, _ := export([]*game.Game{g}, false)
				c, _ := export([]*game.Game{b2.Game()}, false)
				if !bytes.Equal(a, c) {
					t.Fatalf("game %d read through the index differs", i+1)
				}
			}
		}
	})
}

// Indexes built with one value table number a value alike, and each keeps
// the values it holds.
func TestIndexSharedValues(t *testing.T) {
	vt := pgn.NewValueTable()
	a, err := pgn.BuildIndexWith(context.Background(), strings.NewReader("[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 *\n"), vt, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := pgn.BuildIndexWith(context.Background(), strings.NewReader("[White \"Cid\"]\n[Black \"Bob\"]\n\n1. d4 *\n"), vt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Record(0).Values[pgn.FieldBlack] != b.Record(0).Values[pgn.FieldBlack] {
		t.Error("Bob has two numbers")
	}
	if a.Entry(0).White != "Ann" || b.Entry(0).White != "Cid" || b.Values()[a.Record(0).Values[pgn.FieldWhite]] != "Ann" {
		t.Errorf("values: %q, %q", a.Values(), b.Values())
	}
}

// Local handles of one table, used on goroutines of their own, number
// values alike.
func TestIndexLocalValues(t *testing.T) {
	vt := pgn.NewValueTable()
	var text strings.Builder
	for i := range 300 {
		fmt.Fprintf(&text, "[White \"P%d\"]\n[Black \"P%d\"]\n\n1. e4 *\n\n", i%37, i%41)
	}
	ixs := make([]*pgn.Index, 4)
	var wg sync.WaitGroup
	for k := range ixs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := vt.Local()
			for range 3 { // a handle indexes several inputs
				ix, err := pgn.BuildIndexWith(context.Background(), strings.NewReader(text.String()), local, nil)
				if err != nil {
					t.Error(err)
				}
				ixs[k] = ix
			}
		}()
	}
	wg.Wait()
	values := vt.Values()
	for k, ix := range ixs {
		for i := range ix.Len() {
			w := ix.Record(i).Values[pgn.FieldWhite]
			if got, want := values[w], fmt.Sprintf("P%d", i%37); got != want || ixs[0].Record(i).Values[pgn.FieldWhite] != w {
				t.Fatalf("index %d game %d: White number %d is %q, want %q", k, i, w, got, want)
			}
		}
	}
	if v := ixs[0].Record(5).Values; v[pgn.FieldWhite] != v[pgn.FieldBlack] { // White and Black "P5"
		t.Errorf("White %q is number %d, Black %q number %d", values[v[pgn.FieldWhite]], v[pgn.FieldWhite], values[v[pgn.FieldBlack]], v[pgn.FieldBlack])
	}
	if len(values) != 1+41 { // P0…P40, as White or Black: players number alike
		t.Errorf("%d values, want %d", len(values), 1+41)
	}
}
