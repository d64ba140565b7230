package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/hall"
	"touchmove/app/pairings"
)

// hallRoundForm is the Round tab of View › Hall: the round every board's
// game belongs to (round, event, site, the pairing list) and where the
// round is published as it is played — the choices of `touchmove record
// -round -event -site -pairings -o -serve -delay -push`, published by the
// same app/hall.Publish. Every field is kept in the settings as it is
// typed (the token too, never shown again).
type hallRoundForm struct {
	round, event, site *widget.Entry
	tc                 *widget.Entry // the time control, as PGN writes it
	pairings, folder   *widget.Entry
	choose             *widget.Button // the pairing list, through the file picker
	serve              *widget.Check
	address, delay     *widget.Entry
	push, token        *widget.Entry
	publish            *widget.Button // publishes, or stops publishing
	said               *widget.Label  // what is published where, or why not
	box                fyne.CanvasObject
}

// hallPrefEntry is an entry kept in the setting p as it is typed.
func hallPrefEntry(prefs fyne.Preferences, p pref[string], placeholder string) *widget.Entry {
	e := widget.NewEntry()
	e.SetText(p.get(prefs))
	e.SetPlaceHolder(placeholder)
	e.OnChanged = func(s string) { p.set(prefs, strings.TrimSpace(s)) }
	return e
}

// newRoundForm builds the Round tab from the settings.
func (u *hallUI) newRoundForm() *hallRoundForm {
	prefs := u.host.preferences()
	k := settingKeys()
	f := &hallRoundForm{
		round:    hallPrefEntry(prefs, k.hallRound, "3"),
		event:    hallPrefEntry(prefs, k.hallEvent, lang.L("e.g. City championship")),
		site:     hallPrefEntry(prefs, k.hallSite, lang.L("e.g. Bratislava")),
		tc:       hallPrefEntry(prefs, k.hallTimeControl, lang.L("e.g. 5400+30; empty: the DGT clocks only")),
		pairings: hallPrefEntry(prefs, k.hallPairings, "round.csv"),
		folder:   hallPrefEntry(prefs, k.hallFolder, defaultRoundFolder()),
		address:  hallPrefEntry(prefs, k.hallAddress, "127.0.0.1:8080"),
		push:     hallPrefEntry(prefs, k.hallPushURL, "https://lichess.org/api/broadcast/round/ID/push"),
		delay:    widget.NewEntry(),
		token:    widget.NewPasswordEntry(),
		said:     widget.NewLabel(""),
	}
	f.said.Wrapping = fyne.TextWrapWord
	f.delay.SetText(strconv.Itoa(k.hallDelay.get(prefs)))
	f.delay.Validator = validDelay
	f.delay.OnChanged = func(s string) {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n >= 0 {
			k.hallDelay.set(prefs, n)
		}
	}
	f.tokenHint(prefs)
	f.token.OnChanged = func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			k.hallToken.set(prefs, s)
		}
	}
	f.serve = widget.NewCheck(lang.L("Serve the round over HTTP at"), func(on bool) { k.hallServe.set(prefs, on) })
	f.serve.SetChecked(k.hallServe.get(prefs))
	f.choose = widget.NewButton(lang.L("Choose…"), func() {
		u.host.pickFile(func(path string, err error) {
			if err == nil {
				f.pairings.SetText(path)
			}
		})
	})
	f.publish = widget.NewButton("", func() { u.togglePublish(f) })
	f.publish.Importance = widget.HighImportance
	form := widget.NewForm(
		widget.NewFormItem(lang.L("Round"), f.round),
		widget.NewFormItem(lang.L("Event"), f.event),
		widget.NewFormItem(lang.L("Site"), f.site),
		widget.NewFormItem(lang.L("Time control"), f.tc),
		widget.NewFormItem(lang.L("Pairings (CSV)"), container.NewBorder(nil, nil, nil, f.choose, f.pairings)),
		widget.NewFormItem(lang.L("Folder"), f.folder),
		widget.NewFormItem("", container.NewBorder(nil, nil, f.serve, nil, f.address)),
		widget.NewFormItem(lang.L("Delay (seconds)"), f.delay),
		widget.NewFormItem(lang.L("Push to (lichess)"), f.push),
		widget.NewFormItem(lang.L("Token"), f.token))
	about := widget.NewLabel(lang.L("The round, its event and site and the pairing list name the games of the boards added after them. The round is written to the folder (games.pgn and game-N.pgn a board), served and pushed as the games go on."))
	about.Wrapping = fyne.TextWrapWord
	f.box = container.NewVScroll(container.NewVBox(about, form, container.NewHBox(f.publish), f.said))
	u.sayPublishing(f)
	return f
}

// tokenHint says whether a token is kept, never showing it.
func (f *hallRoundForm) tokenHint(prefs fyne.Preferences) {
	if settingKeys().hallToken.get(prefs) != "" {
		f.token.SetPlaceHolder(lang.L("kept in your settings; type to replace it"))
	} else {
		f.token.SetPlaceHolder(lang.L("the broadcast's token (lichess: study:write)"))
	}
}

// validDelay accepts a whole number of seconds, 0 or more.
func validDelay(s string) error {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err != nil || n < 0 {
		return errors.New(lang.L("Write the delay in whole seconds: 0 or more."))
	}
	return nil
}

// defaultRoundFolder is the folder offered for a round: round-DATE in the
// home folder.
func defaultRoundFolder() string {
	name := "round-" + time.Now().Format("20060102")
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, name)
	}
	return name
}

// roundGame returns every board's new game as the settings say (the
// arbiter's rules, the round, the event, the site) and the pairing list;
// the error says which line of the list is wrong and why.
func (u *hallUI) roundGame() (app.NewGameOptions, []pairings.Pairing, error) {
	prefs := u.host.preferences()
	k := settingKeys()
	o := hallGame()
	o.Round, o.Event, o.Site = k.hallRound.get(prefs), k.hallEvent.get(prefs), k.hallSite.get(prefs)
	if tc := k.hallTimeControl.get(prefs); tc != "" {
		ctl, err := hall.Control(tc)
		if err != nil {
			return o, nil, fmt.Errorf("%w %q: %w", errTimeControl, tc, err)
		}
		o.Time = &app.TimeSettings{White: ctl, Black: ctl}
	}
	var ps []pairings.Pairing
	if file := k.hallPairings.get(prefs); file != "" {
		var err error
		if ps, err = pairings.ReadFile(file); err != nil {
			return o, nil, fmt.Errorf("%w: %w", errPairings, err)
		}
	}
	return o, ps, nil
}

// publishOptions returns where the settings publish the round.
func (u *hallUI) publishOptions() hall.PublishOptions {
	prefs := u.host.preferences()
	k := settingKeys()
	o := hall.PublishOptions{Dir: k.hallFolder.get(prefs), Delay: time.Duration(k.hallDelay.get(prefs)) * time.Second,
		PushURL: k.hallPushURL.get(prefs)}
	if o.Dir == "" {
		o.Dir = defaultRoundFolder()
	}
	if k.hallServe.get(prefs) {
		o.Serve = k.hallAddress.get(prefs)
	}
	if o.PushURL != "" {
		o.Token = k.hallToken.get(prefs)
	}
	return o
}

// togglePublish publishes the round as the form says, or stops publishing
// it (the round written where it stands).
func (u *hallUI) togglePublish(f *hallRoundForm) {
	if u.h != nil && u.h.Publishing() != nil {
		settingKeys().hallPublishing.set(u.host.preferences(), false)
		err := u.h.Unpublish()
		if u.open == nil {
			u.stopTick()
		}
		u.sayPublishing(f)
		if err != nil {
			f.said.SetText(publishErrorText(err))
		}
		return
	}
	if err := f.delay.Validate(); err != nil {
		f.said.SetText(err.Error())
		return
	}
	if err := u.publish(); err != nil {
		f.said.SetText(publishErrorText(err))
		return
	}
	u.sayPublishing(f)
}

// publish publishes the round as the settings say, and keeps in them that
// it is published: a round brought back after a crash is published again.
func (u *hallUI) publish() error {
	h, err := u.ensure()
	if err == nil {
		err = h.Publish(u.publishOptions())
	}
	if err != nil {
		return err
	}
	settingKeys().hallPublishing.set(u.host.preferences(), true)
	if u.stop == nil {
		u.startTick() // a delay's round is published on the tick
	}
	return nil
}

// sayPublishing shows what is published where, and the button's word.
func (u *hallUI) sayPublishing(f *hallRoundForm) {
	if u.h == nil || u.h.Publishing() == nil {
		f.publish.SetText(lang.L("Publish the round"))
		f.said.SetText(lang.L("Not published: the games are kept in the window's journals only."))
		return
	}
	f.publish.SetText(lang.L("Stop publishing"))
	o := u.publishOptions()
	lines := []string{lang.L("The round is written to {{.Folder}}.", map[string]any{"Folder": o.Dir})}
	if a := u.h.Publishing().Addr(); a != nil {
		lines = append(lines, lang.L("Served at {{.URL}}.", map[string]any{"URL": fmt.Sprintf("http://%s/games.pgn", a)}))
	}
	if o.PushURL != "" {
		lines = append(lines, lang.L("Pushed to {{.URL}}.", map[string]any{"URL": o.PushURL}))
	}
	if err := u.h.PublishErr(); err != nil {
		lines = append(lines, publishErrorText(err))
	}
	f.said.SetText(strings.Join(lines, "\n"))
}

// The round's settings that cannot be read.
var (
	// errPairings: the pairing list cannot be read (its errors say the line).
	errPairings = errors.New("the pairing list")
	// errTimeControl: the time control cannot be read.
	errTimeControl = errors.New("the time control")
)

// publishErrorText says what could not be published, where and why.
func publishErrorText(err error) string {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return withDetail(lang.L("The address is taken by another program: choose another port, or stop that program."), err)
	case errors.Is(err, hall.ErrServe):
		return withDetail(lang.L("The round cannot be served at that address."), err)
	case errors.Is(err, hall.ErrFolder):
		return withDetail(lang.L("Touchmove cannot write in the round's folder: choose another."), err)
	case errors.Is(err, hall.ErrNoToken):
		return lang.L("Type the broadcast's token to push the round.")
	case errors.Is(err, hall.ErrPushURL):
		return withDetail(lang.L("The push address is not an http:// or https:// URL."), err)
	case errors.Is(err, hall.ErrNoPairing):
		return withDetail(lang.L("The pairing list has no line left for this board."), err)
	case errors.Is(err, errTimeControl):
		return withDetail(lang.L("The time control cannot be read: write it as PGN does, e.g. 5400+30 or 40/5400+30:1800+30."), err)
	case errors.Is(err, errPairings):
		return withDetail(lang.L("The pairing list cannot be read: its line and what is wrong are below."), err)
	}
	return withDetail(lang.L("The round cannot be published."), err)
}
