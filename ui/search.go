package ui

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/posindex"
)

// The search of the open file's games (Search › Search the games…): the
// position on the board, a material balance or the board's pawn structure,
// among the games that pass the list's filter. It runs off the UI goroutine
// with progress and Cancel; the list then shows the games found, and
// opening one goes to its first matching move.

// searchMenu is the Search menu: the opening tree and the searches.
func (w *Window) searchMenu() *fyne.Menu {
	tree := toggle(lang.L("Opening tree"), func() bool { return w.tree.On() }, func(bool) { w.tree.Toggle() })
	tree.Shortcut = shortcut(fyne.KeyT, ctrlShift)
	return fyne.NewMenu(lang.L("Search"),
		tree,
		item(lang.L("Games that reach this position"), shortcut(fyne.KeyG, ctrlShift), w.tree.ShowGames),
		item(lang.L("Search the games…"), shortcut(fyne.KeyF, ctrlShift), w.searchDialog),
		item(lang.L("Show all games"), shortcut(fyne.KeyA, ctrl|fyne.KeyModifierAlt), w.tree.ShowAll),
	)
}

// searchDialog asks what to search for and searches.
func (w *Window) searchDialog() {
	t := w.tree
	if t.Library() == nil || t.PositionTree() == nil {
		w.dlg.showProblem(lang.L("Open a PGN file with several games first."))
		return
	}
	kinds := []string{lang.L("The position on the board"), lang.L("A material balance"), lang.L("The pawns on the board, pieces anywhere")}
	kind := widget.NewRadioGroup(kinds, nil)
	kind.SetSelected(kinds[0])
	material := widget.NewEntry()
	letters := w.windowMaterialLetters()
	material.SetPlaceHolder(materialExample(letters))
	fixed := widget.NewCheck(lang.L("The first side is White"), nil)
	plies := widget.NewEntry()
	plies.SetText("1")
	plies.Validator = func(s string) error {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err != nil || n < 0 {
			return errors.New(lang.L("a number of plies"))
		}
		return nil
	}
	material.OnChanged = func(string) { kind.SetSelected(kinds[1]) }
	note := widget.NewLabel("")
	filter := t.Library().Filter()
	if !filter.IsZero() {
		note.SetText(lang.L("Among the games of the list's filter: {{.Filter}}", map[string]any{"Filter": filter.String()}))
	}
	form := container.NewVBox(kind,
		widget.NewForm(
			widget.NewFormItem(lang.L("Material"), material),
			widget.NewFormItem("", fixed),
			widget.NewFormItem(lang.L("Lasting at least (plies)"), plies),
		),
		note)
	d := dialog.NewCustomConfirm(lang.L("Search the games"), lang.L("Search"), lang.L("Cancel"), form, func(ok bool) {
		if !ok {
			return
		}
		n, _ := strconv.Atoi(strings.TrimSpace(plies.Text))
		switch kind.Selected {
		case kinds[1]:
			m, err := posindex.ParseMaterialIn(material.Text, letters)
			if err != nil {
				w.dlg.showProblem(materialProblem(letters))
				return
			}
			m.Fixed, m.MinPlies = fixed.Checked, n
			w.runSearch(func(ctx context.Context, ix *posindex.Index, only *posindex.Set, progress func(int, int)) ([]posindex.Hit, error) {
				return ix.FindMaterial(ctx, m, only, progress)
			})
		case kinds[2]:
			p := w.session.Current().Position()
			ps := posindex.PawnsOf(&p)
			w.runSearch(func(ctx context.Context, ix *posindex.Index, only *posindex.Set, progress func(int, int)) ([]posindex.Hit, error) {
				return ix.FindPawns(ctx, ps, only, progress)
			})
		default:
			p := w.session.Current().Position()
			w.runSearch(func(_ context.Context, ix *posindex.Index, only *posindex.Set, _ func(int, int)) ([]posindex.Hit, error) {
				return ix.Find(&p, only), nil
			})
		}
	}, w.win)
	d.Resize(fyne.NewSize(460, 360))
	w.dlg.showWithKeys(dlgSearch, d, d.Confirm, d.Dismiss, nil) // Return searches
}

// runSearch runs find over the index and the list's filter off the UI
// goroutine, with a progress dialog whose Cancel stops it and whose "In
// the background" (or a drill started: searchToBackground) leaves it
// running, and shows the games found in the list.
func (w *Window) runSearch(find func(ctx context.Context, ix *posindex.Index, only *posindex.Set, progress func(done, total int)) ([]posindex.Hit, error)) {
	t := w.tree
	lib, tree := t.Library(), t.PositionTree()
	filter := lib.Filter()
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	var prog dialog.Dialog
	stop := widget.NewButton(lang.L("Cancel"), func() { cancel(); prog.Hide() })
	away := widget.NewButton(lang.L("In the background"), func() { prog.Hide() })
	prog = dialog.NewCustomWithoutButtons(lang.L("Searching the games…"), container.NewVBox(bar, container.NewCenter(container.NewHBox(away, stop))), w.win)
	prog.Resize(fyne.NewSize(420, 150))
	w.searchProgress = prog
	w.dlg.show(dlgSearchProgress, prog)
	w.spawn(func() {
		ix := tree.Index()
		only := lib.FilterSet(filter)
		hits, err := find(ctx, ix, only, func(done, total int) {
			fyne.Do(func() { bar.SetValue(float64(done) / float64(max(total, 1))) })
		})
		fyne.Do(func() {
			prog.Hide()
			cancel()
			if w.searchProgress == prog {
				w.searchProgress = nil
			}
			if lib != t.Library() {
				return
			}
			if err != nil {
				if !errors.Is(err, context.Canceled) {
					w.dlg.showError(err)
				}
				return
			}
			if len(hits) == 0 {
				w.notice(lang.L("No game found."))
				return
			}
			if _, drilling := w.session.Drill(); drilling {
				// The drill keeps the board and its moves in front.
				t.MarkFound(hits)
				w.notice(lang.N("The search found {{.Count}} games: the Games tab lists them.", len(hits), map[string]any{"Count": len(hits)}))
				return
			}
			t.ShowFound(hits)
		})
	})
}

// searchToBackground hides the progress of a search under way, which goes
// on (a drill started: the board is the drill's).
func (w *Window) searchToBackground() {
	if w.searchProgress != nil {
		w.searchProgress.Hide()
	}
}
