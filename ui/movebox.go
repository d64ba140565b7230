package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/core/chess"
)

// moveEntry is the text field of the move box: an Entry that also tells
// when Escape is pressed in it.
type moveEntry struct {
	widget.Entry
	onEscape func()
}

func newMoveEntry() *moveEntry {
	e := &moveEntry{}
	e.ExtendBaseWidget(e)
	e.SetPlaceHolder(lang.L("Type a move: e4, Nf3, o-o, e7e8q  ( / )"))
	return e
}

// TypedKey passes Escape to onEscape, every other key to the Entry.
func (e *moveEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(ev)
}

// TypedRune drops a '/' typed into the empty box: it is the key that
// opens the box (Window.typedRune), pressed again; in a move it is kept
// (e8/Q).
func (e *moveEntry) TypedRune(r rune) {
	if r == '/' && e.Text == "" {
		return
	}
	e.Entry.TypedRune(r)
}

var _ fyne.Focusable = (*moveEntry)(nil)

// moveBox is typed move entry: it completes as the text is typed, shows the
// candidates or why the text names no move, and plays the move it names
// with Enter, through the same session path as a drag.
type moveBox struct {
	host  moveBoxHost
	entry *moveEntry
	box   *fyne.Container
}

// moveBoxHost is what the move box asks of its window (*Window, hosts.go):
// the session it plays in, the players' words, the message line it speaks
// on, and the canvas whose keyboard it takes.
type moveBoxHost interface {
	gameSession() *app.Session
	playerWords() *words
	setHint(text string)
	hint() string
	canvas() fyne.Canvas
}

func newMoveBox(host moveBoxHost) *moveBox {
	b := &moveBox{host: host, entry: newMoveEntry()}
	b.entry.OnChanged = func(string) { b.update() }
	b.entry.OnSubmitted = func(string) { b.play() }
	b.entry.onEscape = func() {
		b.entry.SetText("")
		host.canvas().Unfocus() // the keys go to the board again
	}
	b.box = container.NewBorder(nil, nil, nil, nil, b.entry)
	return b
}

// read returns what the text names at the position shown.
func (b *moveBox) read() app.MoveInput {
	p := b.host.gameSession().Current().Position()
	return app.ParseMoveInput(&p, b.entry.Text)
}

// update shows what the text names so far.
func (b *moveBox) update() {
	r := b.read()
	p := b.host.gameSession().Current().Position()
	switch {
	case strings.TrimSpace(b.entry.Text) == "":
		b.say("")
	case r.Move != chess.NoMove:
		b.say(lang.L("Enter plays") + " " + b.host.playerWords().san(p.SAN(r.Move)))
	case !r.Problem.IsZero() && len(r.Candidates) > 1:
		b.say(b.host.playerWords().say(r.Problem) + " " + shortList(b.shown(r.Candidates), 10))
	case !r.Problem.IsZero():
		b.say(b.host.playerWords().say(r.Problem))
	default:
		b.say(shortList(b.shown(r.Candidates), 10))
	}
}

// play plays the move the text names; the box keeps the keyboard, so that
// a whole game can be typed.
func (b *moveBox) play() {
	r := b.read()
	if r.Move == chess.NoMove {
		if r.Problem.IsZero() && len(r.Candidates) > 1 {
			b.say(lang.L("Which one?") + " " + shortList(b.shown(r.Candidates), 10))
		} else {
			b.update()
		}
		return
	}
	fb := b.host.gameSession().PlayMove(r.Move)
	if !fb.Refused.IsZero() {
		b.say(b.host.playerWords().say(fb.Refused))
		return
	}
	b.entry.SetText("")
	b.say("")
}

// clear empties the box and what it said, for a new game on the board.
func (b *moveBox) clear() {
	if b.entry.Text != "" {
		b.entry.SetText("")
	}
	b.say("")
}

// say shows text on the status panel's message line, in place of its
// message (a line of its own under the box would move the clocks and the
// buttons each time it came and went); "" gives the line back.
func (b *moveBox) say(text string) { b.host.setHint(text) }

// said is what the box says now, "" for nothing.
func (b *moveBox) said() string { return b.host.hint() }

// shown writes moves in the players' piece letters.
func (b *moveBox) shown(sans []string) []string {
	out := make([]string, len(sans))
	for i, s := range sans {
		out[i] = b.host.playerWords().san(s)
	}
	return out
}

// focus gives the move box the keyboard.
func (b *moveBox) focus() { b.host.canvas().Focus(b.entry) }

// shortList joins at most n of items, saying how many more there are.
func shortList(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, "  ")
	}
	return strings.Join(items[:n], "  ") + "  …"
}
