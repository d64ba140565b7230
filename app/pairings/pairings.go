package pairings

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Pairing is one board's players.
type Pairing struct {
	Board                    int
	White, Black             string
	WhiteElo, BlackElo       string // "" when not given
	WhiteFideID, BlackFideID string
}

// Tags returns the pairing's tags beside White and Black: Board, the Elo
// ratings and the FIDE ids given.
func (p Pairing) Tags() map[string]string {
	return map[string]string{"Board": strconv.Itoa(p.Board), "WhiteElo": p.WhiteElo, "BlackElo": p.BlackElo,
		"WhiteFideId": p.WhiteFideID, "BlackFideId": p.BlackFideID}
}

// Read reads a pairing list from r, named name in its errors: one line a
// board, board,white,black[,whiteElo,blackElo,whiteFideId,blackFideId];
// a first line whose first field is "board" is a header. Every error says
// the line and what is wrong with it.
func Read(r io.Reader, name string) ([]Pairing, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []Pairing
	seen := map[int]int{}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if len(out) == 0 && len(seen) == 0 && strings.EqualFold(strings.TrimSpace(rec[0]), "board") {
			seen[-1] = line // the header
			continue
		}
		p, err := parse(rec)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if first, dup := seen[p.Board]; dup {
			return nil, fmt.Errorf("%s:%d: board %d is paired already on line %d", name, line, p.Board, first)
		}
		seen[p.Board] = line
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no pairing in it (write board,white,black a line)", name)
	}
	return out, nil
}

// parse reads one line's fields.
func parse(rec []string) (Pairing, error) {
	for i := range rec {
		rec[i] = strings.TrimSpace(rec[i])
	}
	if len(rec) < 3 || len(rec) > 7 {
		return Pairing{}, fmt.Errorf("%d fields: write board,white,black[,whiteElo,blackElo,whiteFideId,blackFideId]", len(rec))
	}
	n, err := strconv.Atoi(rec[0])
	if err != nil || n < 1 {
		return Pairing{}, fmt.Errorf("board %q is not a board number (1 or more)", rec[0])
	}
	rec = append(rec, make([]string, 7-len(rec))...)
	p := Pairing{Board: n, White: rec[1], Black: rec[2], WhiteElo: rec[3], BlackElo: rec[4], WhiteFideID: rec[5], BlackFideID: rec[6]}
	for _, f := range []struct{ what, v string }{
		{"White's Elo", p.WhiteElo}, {"Black's Elo", p.BlackElo}, {"White's FIDE id", p.WhiteFideID}, {"Black's FIDE id", p.BlackFideID},
	} {
		if f.v == "" {
			continue
		}
		if v, err := strconv.Atoi(f.v); err != nil || v < 0 {
			return Pairing{}, fmt.Errorf("%s %q is not a number", f.what, f.v)
		}
	}
	return p, nil
}

// ReadFile reads the pairing list in the file at path.
func ReadFile(path string) ([]Pairing, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}
