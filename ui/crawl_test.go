package ui

import (
	"bytes"
	"cmp"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/hall"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
	"touchmove/internal/fakeengine"
)

// The crawl drives the real window through every item of its main menu,
// found by walking the menu (submenus too), and through every dialog that
// comes, in each situation of crawlSituations: each item is activated
// twice, once confirming each dialog that comes with its default values and
// once cancelling it. The dialogs that no menu item opens are opened by
// crawlOpeners. The crawl fails on a panic, an internal error (a log line,
// or "Something went wrong." shown), a dialog shown without dialogs.show
// or of a kind dialogKinds does not list, a kind never visited, and a
// window that does not settle (its fyne.Do queue and background work) or
// hangs. Under -race, a data race fails it too. (Issue 45: the search's
// crash shipped because nothing ever pressed its button.)

// crawlKnownDefects are the menu items the crawl skips, in the situation
// named (or "*"), because activating them fails for a defect that another
// part of issue 45 fixes; the lead removes each entry after merging the fix.
var crawlKnownDefects = map[string]string{}

// crawlStepTimeout is how long one step may take before the crawl calls the
// window hung.
const crawlStepTimeout = 60 * time.Second

// crawlMode is how a step answers the dialogs that come.
type crawlMode int

const (
	crawlConfirm crawlMode = iota
	crawlCancel
)

func (m crawlMode) String() string { return [...]string{"confirm", "cancel"}[m] }

// crawlQueue is the window's goroutine as the crawl runs it: a test app
// whose fyne.Do queues the call for the test goroutine, as the desktop
// driver does for its own, rather than run it on the caller's goroutine.
type crawlQueue struct {
	fyne.App
	drv *crawlDriver
}

func (a *crawlQueue) Driver() fyne.Driver { return a.drv }

type crawlDriver struct {
	fyne.Driver
	queue chan func()
}

func (d *crawlDriver) DoFromGoroutine(f func(), wait bool) {
	if !wait {
		d.queue <- f
		return
	}
	done := make(chan struct{})
	d.queue <- func() { f(); close(done) }
	<-done
}

// crawlLog collects what is logged (fyne.LogError, log.Printf) while the
// crawl runs: an internal error.
type crawlLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *crawlLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// take returns what was logged since the last take.
func (l *crawlLog) take() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.buf.String()
	l.buf.Reset()
	return s
}

// crawler is the state of one crawl.
type crawler struct {
	t       *testing.T
	dir     string
	games   string // a file of games the picker offers
	engine  string // the fake engine, as a program of its own
	logs    *crawlLog
	queue   chan func()
	busy    atomic.Int64 // background work spawned and not yet ended
	mode    crawlMode
	saves   int
	where   string                           // the situation and step, for messages
	tags    map[fyne.CanvasObject]dialogKind // the overlays dialogs.show showed
	seen    map[dialogKind]bool              // the kinds shown, in every situation
	counts  map[string]map[dialogKind]int    // situation → kind → times shown
	walked  map[string]int                   // situation → menu items activated
	sims    []*dgtsim.Board
	current *Window
}

// crawlPicker answers the file choosers: in a confirming step, the file of
// games for Open and a new file for Save; in a cancelling step, Cancel.
type crawlPicker struct{ c *crawler }

func (p crawlPicker) Open(_ fyne.Window, _ string, done func(string, error)) {
	if p.c.mode == crawlCancel {
		fyne.Do(func() { done("", errCancelled) })
		return
	}
	fyne.Do(func() { done(p.c.games, nil) })
}

func (p crawlPicker) Save(_ fyne.Window, _, name string, done func(string, error)) {
	if p.c.mode == crawlCancel {
		fyne.Do(func() { done("", errCancelled) })
		return
	}
	p.c.saves++
	ext := filepath.Ext(name)
	if ext == "" {
		ext = ".pgn"
	}
	path := filepath.Join(p.c.dir, fmt.Sprintf("saved%d%s", p.c.saves, ext))
	fyne.Do(func() { done(path, nil) })
}

// crawlGames is the file of games the crawl opens: six short games, one
// with comments, variations and clock times.
const crawlGames = `[Event "Crawl"]
[White "Carlsen"]
[Black "Anand"]
[Result "1-0"]

1. e4 {[%clk 0:05:00]} e5 {A comment.} (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5 a6 1-0

[Event "Crawl"]
[White "Kramnik"]
[Black "Topalov"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2

[Event "Crawl"]
[White "Ding"]
[Black "Nepo"]
[Result "0-1"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 0-1

[Event "Crawl"]
[White "Anand"]
[Black "Carlsen"]
[Result "*"]

1. e4 e5 2. Nf3 Nf6 *

[Event "Crawl"]
[White "Topalov"]
[Black "Kramnik"]
[Result "1-0"]

1. c4 e5 2. Nc3 Nf6 1-0

[Event "Crawl"]
[White "Nepo"]
[Black "Ding"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 1-0
`

// crawlSituation is a state of the window the crawl walks the menus in.
type crawlSituation struct {
	name  string
	setUp func(c *crawler, w *Window)
}

func crawlSituations() []crawlSituation {
	newGame := func(rules arbiter.Rules) func(c *crawler, w *Window) {
		return func(c *crawler, w *Window) {
			if err := w.session.NewGame(app.NewGameOptions{Rules: rules, Time: ptrTime(c.t)}); err != nil {
				c.t.Fatal(err)
			}
			w.session.PlayMove(chess.NewMove(chess.E2, chess.E4))
		}
	}
	return []crawlSituation{
		{"file of games", func(c *crawler, w *Window) {
			w.files.open(c.games)
			c.settle("opening the file")
			w.session.Forward()
			w.session.Forward()
		}},
		{"casual game", func(c *crawler, w *Window) {
			w.session.PlayMove(chess.NewMove(chess.E2, chess.E4))
		}},
		{"FIDE game", newGame(arbiter.RulesFIDE)},
		{"engine game", func(c *crawler, w *Window) {
			if err := w.session.NewGame(app.NewGameOptions{}); err != nil {
				c.t.Fatal(err)
			}
			w.session.SetOpponents(app.Opponents{Black: &app.EngineSeat{Path: c.engine, Level: 1, Seed: 1}})
			w.session.PlayMove(chess.NewMove(chess.E2, chess.E4))
			c.settle("the engine's first move")
		}},
		{"electronic board", func(c *crawler, w *Window) {
			start := chess.StartPosition()
			sim, err := dgtsim.New(filepath.Join(c.dir, fmt.Sprintf("ttyDGT%d", len(c.sims))), start.Board(), false)
			if err != nil {
				c.t.Fatal(err)
			}
			c.sims = append(c.sims, sim)
			w.eboard.connect(sim.Path())
			c.settleUntil("the board connected", func() bool { return w.session.EBoardState().Connected })
		}},
		{"Arbiter game", newGame(arbiter.RulesArbiter)},
		{"report shown", func(c *crawler, w *Window) {
			// The Report tab's buttons, which no menu item is: each Add to
			// my repertoire, Print as PDF… and a line that opens its game.
			w.files.open(writeFile(c.t, "report.pgn", crawlGames)) // as made: the walks save into c.games
			c.settle("opening the file")
			settingKeys().repertoireFile.set(w.app.Preferences(), writeFile(c.t, "repertoire.pgn", crawlRepertoire))
			w.trainer.report(w.trainer.filePath(), []string{"Carlsen"})
			c.settle("making the report")
			if len(w.reportTab.adds) != 2 || len(w.reportTab.links) == 0 {
				c.t.Fatalf("the report on Carlsen has %d places to add, %d lines", len(w.reportTab.adds), len(w.reportTab.links))
			}
			for _, b := range w.reportTab.adds {
				test.Tap(b)
			}
			test.Tap(w.reportTab.print)
			c.settle("printing the report")
			link := w.reportTab.links[len(w.reportTab.links)-1]
			test.TapAt(link, fyne.NewPos(12, link.Size().Height/2))
			c.settle("opening a game of the report")
		}},
	}
}

// crawlRepertoire is the repertoire of the crawl's report, with White:
// Carlsen leaves it with Black (2...Nf6), and with White it has no answer
// to 2...Nc6.
const crawlRepertoire = "[White \"Me\"]\n[Black \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"

// signature says what makes the situation: a step that changes it (a new
// game, a resignation, quitting) makes the crawl build the window again.
func (c *crawler) signature(w *Window) string {
	connected := w.session.EBoardState().Connected
	return fmt.Sprintf("phase %v, rules %v, file %v, engine %v, board %v, alive %v",
		w.session.Phase(), w.session.Rules(), w.games.Library() != nil, w.session.Opponents().Any(), connected, w.life.Err() == nil)
}

// newWindow builds a window for the crawl.
func (c *crawler) newWindow(opts ...WindowOption) *Window {
	t := c.t
	a := test.NewTempApp(t)
	if err := setUpLanguage(a.Preferences()); err != nil {
		t.Fatal(err)
	}
	q := &crawlQueue{App: a, drv: &crawlDriver{Driver: a.Driver(), queue: c.queue}}
	fyne.SetCurrentApp(q)
	a.Preferences().SetString("enginePath", c.engine)
	a.Preferences().SetInt("engineThreads", 1)
	a.Preferences().SetString("myNames", "a") // Training › Find my mistakes goes on to its progress
	spawn := func(f func()) {
		c.busy.Add(1)
		go func() {
			defer c.busy.Add(-1)
			f()
		}()
	}
	opts = append([]WindowOption{WithPicker(crawlPicker{c}), WithSpawn(spawn)}, opts...)
	w := NewWindow(q, opts...)
	w.win.Resize(fyne.NewSize(1000, 700))
	w.dlg.onShow = func(kind dialogKind, overlay fyne.CanvasObject) {
		c.tags[overlay] = kind
		c.seen[kind] = true
		c.count(kind)
	}
	return w
}

func (c *crawler) count(kind dialogKind) {
	situation, _, _ := strings.Cut(c.where, ":")
	if c.counts[situation] == nil {
		c.counts[situation] = map[dialogKind]int{}
	}
	c.counts[situation][kind]++
}

// drop closes w as quitting does.
func (c *crawler) drop(w *Window) {
	if w == nil {
		return
	}
	c.guard("closing the window", func() {
		w.release()
		w.win.Close()
	})
	c.settle("closing the window")
}

// settle runs the window's queued calls until no background work is left
// and the queue stays empty, and fails the crawl when that takes longer
// than a step may.
func (c *crawler) settle(what string) {
	c.settleUntil(what, func() bool { return true })
}

// settleUntil settles and then goes on running the queue until cond holds.
func (c *crawler) settleUntil(what string, cond func() bool) {
	c.t.Helper()
	deadline := time.Now().Add(crawlStepTimeout)
	quiet := 0
	for {
		select {
		case f := <-c.queue:
			c.guard(what+" (a call queued by fyne.Do)", f)
			quiet = 0
			continue
		default:
		}
		if c.busy.Load() == 0 && cond() {
			if quiet++; quiet > 3 {
				return
			}
		}
		if time.Now().After(deadline) {
			c.t.Errorf("%s: %s: the window did not settle in %v (background work %d)", c.where, what, crawlStepTimeout, c.busy.Load())
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// probe checks that the window's goroutine answers a fyne.Do from another
// goroutine.
func (c *crawler) probe() {
	var answered atomic.Bool
	go fyne.Do(func() { answered.Store(true) })
	c.settleUntil("the probe", answered.Load)
	if !answered.Load() {
		c.t.Errorf("%s: the window did not answer a fyne.Do", c.where)
	}
}

// guard runs f on the test goroutine; a panic fails the crawl with its
// stack, and a step that hangs ends the test binary with every goroutine's
// stack.
func (c *crawler) guard(what string, f func()) (ok bool) {
	where := c.where
	timer := time.AfterFunc(crawlStepTimeout, func() {
		buf := make([]byte, 1<<20)
		n := runtime.Stack(buf, true)
		fmt.Fprintf(os.Stderr, "crawl: %s: %s hung for %v; goroutines:\n%s\n", where, what, crawlStepTimeout, buf[:n])
		os.Exit(2)
	})
	defer timer.Stop()
	defer func() {
		if r := recover(); r != nil {
			c.t.Errorf("%s: %s: panic: %v\n%s", where, what, r, debug.Stack())
			ok = false
		}
	}()
	f()
	return true
}

// checkLog fails the crawl on anything logged, and on an internal error
// shown to the user, since the last check.
func (c *crawler) checkLog(w *Window) {
	if s := c.logs.take(); s != "" {
		c.t.Errorf("%s: logged (an internal error):\n%s", c.where, s)
	}
	if strings.Contains(w.status.message.Text, "Something went wrong") {
		c.t.Errorf("%s: an internal error on the message line: %q", c.where, w.status.message.Text)
	}
}

// menuPaths returns the index paths of the main menu's items, submenus
// walked, separators left out.
func menuPaths(mm *fyne.MainMenu) [][]int {
	var out [][]int
	var walk func(prefix []int, items []*fyne.MenuItem)
	walk = func(prefix []int, items []*fyne.MenuItem) {
		for i, it := range items {
			p := append(slices.Clone(prefix), i)
			switch {
			case it.IsSeparator:
			case it.ChildMenu != nil:
				walk(p, it.ChildMenu.Items)
			default:
				out = append(out, p)
			}
		}
	}
	for i, m := range mm.Items {
		walk([]int{i}, m.Items)
	}
	return out
}

// menuItem returns the item at path in mm and its name ("File › Save"),
// nil when the menu no longer has it.
func menuItem(mm *fyne.MainMenu, path []int) (*fyne.MenuItem, string) {
	if mm == nil || path[0] >= len(mm.Items) {
		return nil, ""
	}
	m := mm.Items[path[0]]
	names := []string{m.Label}
	items := m.Items
	var it *fyne.MenuItem
	for _, i := range path[1:] {
		if items == nil || i >= len(items) {
			return nil, ""
		}
		it = items[i]
		names = append(names, it.Label)
		if it.ChildMenu != nil {
			items = it.ChildMenu.Items
		} else {
			items = nil
		}
	}
	return it, strings.Join(names, " › ")
}

// answerDialogs answers every dialog that comes, in the crawl's mode, until
// none is left.
func (c *crawler) answerDialogs(w *Window) {
	ov := w.win.Canvas().Overlays()
	for n := 0; ov.Top() != nil; n++ {
		if n == 12 {
			c.t.Errorf("%s: dialogs keep coming: %q", c.where, dialogText(w))
			c.clearOverlays(w)
			return
		}
		top := ov.Top()
		kind, ok := c.tags[top]
		if !ok {
			c.t.Errorf("%s: an overlay shown without dialogs.show: %q", c.where, dialogText(w))
			ov.Remove(top)
			continue
		}
		if _, listed := dialogKinds()[kind]; !listed {
			c.t.Errorf("%s: dialog kind %q is not in dialogKinds", c.where, kind)
		}
		if text := dialogText(w); strings.Contains(text, "Something went wrong") {
			c.t.Errorf("%s: an internal error shown in a %s dialog: %q", c.where, kind, text)
		}
		b := crawlButton(top, c.mode)
		if b == nil {
			c.t.Errorf("%s: the %s dialog has no button to %s it: %q", c.where, kind, c.mode, dialogText(w))
			ov.Remove(top)
			continue
		}
		c.guard(fmt.Sprintf("tapping %q in the %s dialog", b.Text, kind), func() { test.Tap(b) })
		c.settle("after " + b.Text)
		if ov.Top() == top && top.Visible() {
			// A default that the dialog does not take: cancel it.
			if alt := crawlButton(top, crawlCancel); alt != nil && alt != b {
				c.guard(fmt.Sprintf("tapping %q in the %s dialog", alt.Text, kind), func() { test.Tap(alt) })
				c.settle("after " + alt.Text)
			}
			if ov.Top() == top && top.Visible() {
				c.t.Errorf("%s: the %s dialog stays after %q: %q", c.where, kind, b.Text, dialogText(w))
				ov.Remove(top)
			}
		}
	}
}

// clearOverlays removes whatever overlays are left.
func (c *crawler) clearOverlays(w *Window) {
	ov := w.win.Canvas().Overlays()
	for ov.Top() != nil {
		ov.Remove(ov.Top())
	}
}

// crawlButton returns the button of the dialog that answers it in mode:
// its default (the one of high importance, else its only one, else OK or
// Close) to confirm, Cancel (else No, Start afresh, Close, OK) to cancel.
func crawlButton(overlay fyne.CanvasObject, mode crawlMode) *widget.Button {
	buttons := objectsIn(overlay, func(b *widget.Button) bool { return !b.Disabled() && b.OnTapped != nil })
	byText := func(texts ...string) *widget.Button {
		for _, text := range texts {
			for _, b := range buttons {
				if b.Text == text {
					return b
				}
			}
		}
		return nil
	}
	if mode == crawlCancel {
		return byText("Cancel", "No", "Start afresh", "Reject", "Close", "OK")
	}
	for _, b := range buttons {
		if b.Importance == widget.HighImportance {
			return b
		}
	}
	if len(buttons) == 1 {
		return buttons[0]
	}
	return byText("OK", "Close", "Yes")
}

// crawlOpeners open the dialogs that no menu item opens, each in a window
// of its own, as dialogKinds says they come, and the electronic board's
// dialog connected through its Connect.
func crawlOpeners() map[dialogKind]func(c *crawler) *Window {
	return map[dialogKind]func(c *crawler) *Window{
		dlgRestore: func(c *crawler) *Window { return c.orphanWindow(false) },
		dlgJournalErrors: func(c *crawler) *Window {
			return c.orphanWindow(true)
		},
		dlgEBoard: func(c *crawler) *Window {
			// The dialog's Connect, to a board that answers.
			start := chess.StartPosition()
			sim, err := dgtsim.New(filepath.Join(c.dir, fmt.Sprintf("ttyDGT%d", len(c.sims))), start.Board(), false)
			if err != nil {
				c.t.Fatal(err)
			}
			c.sims = append(c.sims, sim)
			w := c.newWindow()
			w.eboard.openDialog()
			d := w.eboard.open
			d.ports.SetText(sim.Path())
			test.Tap(d.connect)
			c.settleUntil("the board connected", func() bool { return w.session.EBoardState().Connected })
			return w
		},
		dlgHallBoard: func(c *crawler) *Window {
			// A board of View › Hall, opened in full from its tile.
			w, b := c.hallBoard()
			w.hall.openBoard(b)
			return w
		},
		dlgHallClock: func(c *crawler) *Window {
			// A board of View › Hall: Set a clock…
			w, b := c.hallBoard()
			w.hall.setClock(b, func(error) {})
			return w
		},
		dlgHallRestore: func(c *crawler) *Window {
			// The start after a window killed while it recorded a hall.
			dir := filepath.Join(c.t.TempDir(), "journals")
			leaveRound(c.t, dir, filepath.Join(c.dir, "ttyGone"))
			w := c.newWindow(WithJournals(store.NewJournals(dir)))
			w.OfferRestore()
			return w
		},
		dlgHallNote: func(c *crawler) *Window {
			// A board of View › Hall: Add a note…
			w, b := c.hallBoard()
			w.hall.addNote(b, func(error) {})
			return w
		},
		dlgChoice: func(c *crawler) *Window {
			// A save into a file that another program changed meanwhile.
			path := writeFile(c.t, "changed.pgn", crawlGames)
			w := c.newWindow()
			w.files.open(path)
			c.settle("opening the file")
			w.session.Last()
			w.session.PlayMove(chess.NewMove(chess.A2, chess.A3))
			if err := os.WriteFile(path, []byte(crawlGames+"\n"+crawlGames), 0o644); err != nil {
				c.t.Fatal(err)
			}
			w.files.save()
			return w
		},
		dlgCrashed: func(c *crawler) *Window {
			w := c.newWindow()
			w.tellCrash(filepath.Join(c.dir, logName), w.OfferRestore)
			c.logs.take() // tellCrash logs that it told, as designed
			return w
		},
		dlgTouchMoveClaim: func(c *crawler) *Window {
			// Black castles on the board after touching the rook a8, and
			// White claims it: the arbiter rules.
			w := c.newWindow()
			if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesArbiter}); err != nil {
				c.t.Fatal(err)
			}
			r := newEBoardRig(c.t, w)
			w.eboard.connect(r.sim.Path())
			r.Until("connected", func() bool { return w.session.EBoardState().Connected && r.sim.Updating() })
			pos := chess.StartPosition()
			r.play(&pos, "d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7", "O-O-O")
			r.sim.Set(chess.A8, chess.NoPiece)
			time.Sleep(20 * time.Millisecond)
			r.sim.Set(chess.A8, chess.BlackRook)
			r.Until("the rook bound", func() bool { return w.session.Board().Touched == chess.A8 })
			r.play(&pos, "O-O-O")
			test.Tap(w.controls.touchClaim)
			return w
		},
		dlgClockStall: func(c *crawler) *Window {
			w := c.newWindow()
			crawlSituations()[2].setUp(c, w) // a FIDE game, its clocks running
			now := time.Now()
			w.clocks.tick(now)
			w.clocks.tick(now.Add(5 * time.Second))
			return w
		},
	}
}

// orphanWindow returns a window that finds, at start, the journal of a game
// left by a window that did not close cleanly (and one that cannot be read,
// when bad), and offers it.
func (c *crawler) orphanWindow(bad bool) *Window {
	t := c.t
	dir := filepath.Join(t.TempDir(), "journals")
	leaveJournal(t, dir, func(s *app.Session) { s.PlayMove(chess.NewMove(chess.E2, chess.E4)) })
	js := store.NewJournals(dir)
	if bad {
		if err := os.WriteFile(filepath.Join(dir, "journal-bad.json"), []byte("{not json"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	w := c.newWindow(WithJournals(js))
	w.OfferRestore()
	return w
}

// crawlEngine writes the fake engine as a program of its own (the test
// binary in the engine's mode) and returns its path.
func crawlEngine(t *testing.T, dir string) string {
	cfg := fakeengine.Config(fakeengine.Good)
	path := filepath.Join(dir, "fake-engine")
	script := fmt.Sprintf("#!/bin/sh\n%s=%s exec %q \"$@\"\n", fakeengine.Env, fakeengine.Good, cfg.Path)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("the crawl takes a while")
	}
	start := time.Now()
	dir := t.TempDir()
	c := &crawler{
		t: t, dir: dir,
		games:  writeFile(t, "crawl.pgn", crawlGames),
		engine: crawlEngine(t, dir),
		logs:   &crawlLog{},
		queue:  make(chan func(), 1<<14),
		tags:   map[fyne.CanvasObject]dialogKind{},
		seen:   map[dialogKind]bool{},
		counts: map[string]map[dialogKind]int{},
		walked: map[string]int{},
	}
	log.SetOutput(c.logs)
	t.Cleanup(func() {
		log.SetOutput(os.Stderr)
		for _, sim := range c.sims {
			sim.Close()
		}
	})
	for _, s := range crawlSituations() {
		build := func() *Window {
			c.where = s.name + ": setting up"
			w := c.newWindow()
			c.guard("setting up", func() { s.setUp(c, w) })
			c.settle("setting up")
			c.answerDialogs(w)
			c.checkLog(w)
			return w
		}
		w := build()
		want := c.signature(w)
		paths := menuPaths(w.win.MainMenu())
		for _, path := range paths {
			for _, mode := range []crawlMode{crawlConfirm, crawlCancel} {
				if c.signature(w) != want {
					c.drop(w)
					w = build()
				}
				it, name := menuItem(w.win.MainMenu(), path)
				if it == nil || it.Disabled || it.Action == nil {
					continue
				}
				if why, ok := crawlKnownDefects[s.name+": "+name]; ok {
					t.Logf("skipped %s: %s: %s", s.name, name, why)
					continue
				}
				if why, ok := crawlKnownDefects["*: "+name]; ok {
					t.Logf("skipped %s: %s", name, why)
					continue
				}
				c.mode = mode
				c.where = fmt.Sprintf("%s: %s (%s)", s.name, name, mode)
				c.walked[s.name]++
				if c.guard("activating it", it.Action) {
					c.settle("activating it")
					c.answerDialogs(w)
				} else {
					c.clearOverlays(w)
					c.drop(w)
					w = build()
					continue
				}
				c.probe()
				c.checkLog(w)
			}
		}
		c.drop(w)
	}
	for kind, open := range crawlOpeners() {
		for _, mode := range []crawlMode{crawlConfirm, crawlCancel} {
			c.mode = mode
			c.where = fmt.Sprintf("at start: %s (%s)", kind, mode)
			var w *Window
			if !c.guard("opening it", func() { w = open(c) }) {
				continue
			}
			c.settle("opening it")
			if top := w.win.Canvas().Overlays().Top(); top == nil || c.tags[top] != kind {
				t.Errorf("%s: the opener did not show it", c.where)
			}
			c.answerDialogs(w)
			c.probe()
			c.checkLog(w)
			c.drop(w)
		}
	}
	for kind, how := range dialogKinds() {
		if !c.seen[kind] {
			t.Errorf("the crawl never saw the %s dialog (%s)", kind, cmp.Or(how, "a menu item opens it"))
		}
	}
	for _, s := range crawlSituations() {
		n := 0
		for _, k := range c.counts[s.name] {
			n += k
		}
		t.Logf("%s: %d menu activations, %d dialogs: %v", s.name, c.walked[s.name], n, c.counts[s.name])
	}
	t.Logf("at start: %v", c.counts["at start"])
	t.Logf("the crawl took %v", time.Since(start).Round(time.Millisecond))
}

// hallBoard is a window recording a hall of one simulated board, its game
// begun.
func (c *crawler) hallBoard() (*Window, *hall.Board) {
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(c.dir, fmt.Sprintf("ttyDGT%d", len(c.sims))), start.Board(), false)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sims = append(c.sims, sim)
	w := c.newWindow()
	w.hall.addPorts(sim.Path())
	b := w.hall.h.Boards()[0]
	c.settleUntil("the hall's board began", b.Started)
	return w, b
}
