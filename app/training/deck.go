package training

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"touchmove/app/mistakes"
	"touchmove/app/store"
	"touchmove/core/srs"
)

// FileName is the deck's file in the user's data folder.
const FileName = "training.json"

// DefaultPath returns where the user's deck is kept:
// os.UserConfigDir()/touchmove/training.json, beside the journals.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("training: no folder for the user's data: %w", err)
	}
	return filepath.Join(dir, "touchmove", FileName), nil
}

// Seen is one time a card's position was met in a game: where, and what
// was played there.
type Seen struct {
	File      string `json:"file,omitempty"` // the file's name when it was found
	Game      int    `json:"game"`
	Ply       int    `json:"ply"`
	White     string `json:"white,omitempty"`
	Black     string `json:"black,omitempty"`
	Date      string `json:"date,omitempty"`
	Event     string `json:"event,omitempty"`
	Played    string `json:"played"`
	Judgement string `json:"judgement"`
	// Context is the game's moves before the position, in SAN.
	Context []string `json:"context,omitempty"`
}

// same reports whether s and o are the same move of the same game, found
// again (perhaps in a renamed file).
func (s Seen) same(o Seen) bool {
	return s.White == o.White && s.Black == o.Black && s.Date == o.Date && s.Event == o.Event &&
		s.Ply == o.Ply && s.Played == o.Played
}

// Review is one answer to a card.
type Review struct {
	At    time.Time     `json:"at"`
	Grade srs.Grade     `json:"grade"`
	Tries int           `json:"tries"`
	Hint  bool          `json:"hint,omitempty"`
	Took  time.Duration `json:"took"`
}

// Card is a position to find the right move in.
type Card struct {
	// Key is the position: the first four fields of its FEN (placement,
	// side to move, castling, en passant). FEN is the whole FEN.
	Key string `json:"key"`
	FEN string `json:"fen"`
	// Best is the better move in SAN ("" when the file named none) and
	// Line the better line from it.
	Best string   `json:"best,omitempty"`
	Line []string `json:"line,omitempty"`
	// Seen lists the games where the mistake was made: len(Seen) is how
	// often.
	Seen []Seen `json:"seen"`
	// Memory is the card's schedule; History its reviews, oldest first.
	Memory  srs.State `json:"memory"`
	History []Review  `json:"history,omitempty"`
}

// PositionKey returns the key of the position of fen: its first four
// fields.
func PositionKey(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:min(4, len(f))], " ")
}

// Deck is the user's cards.
type Deck struct {
	path    string
	params  srs.Params
	cards   map[string]*Card
	replies map[string][]Reply // by position key: the repertoires' replies (repertoire.go)
}

// deckFile is the deck as it is written.
type deckFile struct {
	Version int                `json:"version"`
	Cards   []*Card            `json:"cards"`
	Replies map[string][]Reply `json:"replies,omitempty"`
}

// Open reads the deck at path; a deck not yet written is empty, and so
// is a deck of path "", which lives in memory only (Save keeps nothing). A
// file that cannot be read as a deck is an error that names it.
func Open(path string) (*Deck, error) {
	d := &Deck{path: path, params: srs.DefaultParams(), cards: map[string]*Card{}, replies: map[string][]Reply{}}
	if path == "" {
		return d, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return d, nil
	}
	if err != nil {
		return nil, fmt.Errorf("training: %w", err)
	}
	var f deckFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("training: %s is not a training deck: %w", path, err)
	}
	for _, c := range f.Cards {
		if c != nil && c.Key != "" {
			d.cards[c.Key] = c
		}
	}
	for k, rs := range f.Replies {
		d.replies[k] = rs
	}
	return d, nil
}

// Path returns the deck's file.
func (d *Deck) Path() string { return d.path }

// Len returns the number of cards.
func (d *Deck) Len() int { return len(d.cards) }

// Card returns the card of key, nil if there is none.
func (d *Deck) Card(key string) *Card { return d.cards[key] }

// Save writes the deck atomically; a deck in memory only is kept as it
// is.
func (d *Deck) Save() error {
	if d.path == "" {
		return nil
	}
	f := deckFile{Version: 1, Cards: d.sorted(), Replies: d.replies}
	data, err := json.MarshalIndent(f, "", "\t")
	if err != nil {
		return fmt.Errorf("training: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(d.path), 0o755); err != nil {
		return fmt.Errorf("training: %w", err)
	}
	if err := store.WriteFileAtomic(d.path, data); err != nil {
		return fmt.Errorf("training: %w", err)
	}
	return nil
}

// sorted returns the cards by key.
func (d *Deck) sorted() []*Card {
	out := make([]*Card, 0, len(d.cards))
	for _, c := range d.cards {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *Card) int { return strings.Compare(a.Key, b.Key) })
	return out
}

// Add adds the mistakes found in the file named file: a position already
// a card gets the game as one more Seen (unless it is there already, as
// when a file is searched again or was renamed); a new position is a new
// card, due at once. It returns the number of new cards; the caller
// saves.
func (d *Deck) Add(ms []mistakes.Mistake, file string) (added int) {
	for _, m := range ms {
		s := Seen{File: filepath.Base(file), Game: m.Game, Ply: m.Ply, White: m.White, Black: m.Black,
			Date: m.Date, Event: m.Event, Played: m.Played, Judgement: strings.ToLower(m.Judgement.String()),
			Context: m.Context}
		key := PositionKey(m.FEN)
		c := d.cards[key]
		if c == nil {
			c = &Card{Key: key, FEN: m.FEN}
			d.cards[key] = c
			added++
		}
		if c.Best == "" && m.Best != "" {
			c.Best, c.Line = m.Best, m.Line
		}
		if !slices.ContainsFunc(c.Seen, s.same) {
			c.Seen = append(c.Seen, s)
		}
	}
	return added
}

// Due returns the cards due at now: those due longest first, then the new
// ones, the mistakes made most often first.
func (d *Deck) Due(now time.Time) []*Card {
	var out []*Card
	for _, c := range d.cards {
		if c.Memory.IsDue(now) {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b *Card) int {
		if a.Memory.IsNew() != b.Memory.IsNew() {
			if a.Memory.IsNew() {
				return 1
			}
			return -1
		}
		return cmp.Or(a.Memory.Due.Compare(b.Memory.Due), cmp.Compare(len(b.Seen), len(a.Seen)), strings.Compare(a.Key, b.Key))
	})
	return out
}

// DueToday returns the number of cards due by the end of now's day.
func (d *Deck) DueToday(now time.Time) int {
	y, m, day := now.Date()
	end := time.Date(y, m, day+1, 0, 0, 0, 0, now.Location())
	n := 0
	for _, c := range d.cards {
		if c.Memory.IsNew() || c.Memory.Due.Before(end) {
			n++
		}
	}
	return n
}

// Answer records an answer to the card of key at now, schedules it with
// FSRS and saves the deck. It returns the grade given.
func (d *Deck) Answer(key string, now time.Time, a srs.Answer) (srs.Grade, error) {
	c := d.cards[key]
	if c == nil {
		return 0, fmt.Errorf("training: no card for the position %s", key)
	}
	g := srs.GradeOf(a)
	c.Memory = d.params.Review(c.Memory, now, g)
	c.History = append(c.History, Review{At: now, Grade: g, Tries: a.Tries, Hint: a.Hint || a.Solved, Took: a.Took})
	return g, d.Save()
}
