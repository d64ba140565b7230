package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// prefChoice is one value of a string preference offered by name: a language,
// the piece letters.
type prefChoice struct {
	value string // kept in the preferences
	label string // shown, through the translations
}

// prefChoices are the values a string preference may take, the default first.
type prefChoices []prefChoice

// labels returns the prefChoices' names in the players' language, in order.
func (cs prefChoices) labels() []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = lang.L(c.label)
	}
	return out
}

// index returns the place of value among the prefChoices; an unknown value is
// the first, the default.
func (cs prefChoices) index(value string) int {
	for i, c := range cs {
		if c.value == value {
			return i
		}
	}
	return 0
}

// choiceMenu is a menu item titled title whose submenu sets the string
// preference key to one of cs, checked where it stands; chosen runs after
// a prefChoice is kept, then the menus are made again.
func (w *Window) choiceMenu(title string, key pref[string], cs prefChoices, chosen func()) *fyne.MenuItem {
	prefs := w.app.Preferences()
	items := make([]*fyne.MenuItem, len(cs))
	for i, c := range cs {
		items[i] = fyne.NewMenuItem(lang.L(c.label), func() {
			key.set(prefs, c.value)
			chosen()
			w.win.SetMainMenu(w.mainMenu())
		})
		items[i].Checked = key.get(prefs) == c.value
	}
	m := fyne.NewMenuItem(lang.L(title), nil)
	m.ChildMenu = fyne.NewMenu("", items...)
	return m
}
