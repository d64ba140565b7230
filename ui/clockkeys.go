package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// clockKeys tells a player's clock key, a Shift pressed and released on its
// own, from the Shift of a shortcut (Ctrl+Shift+D, whichever key goes down
// first): a Shift that goes down while Ctrl, Alt or Super is held, or that
// another key follows before it comes up, presses no clock. The zero value
// is ready: no key down.
type clockKeys struct {
	tap       fyne.KeyName // the Shift down alone, until another key goes down
	modifiers int          // Ctrl, Alt and Super keys down, as this canvas saw them
	// held returns the modifiers the driver knows are down (the desktop
	// driver's CurrentKeyModifiers), which keys released while a widget had
	// the focus do not leave stale; nil where the driver does not say.
	held func() fyne.KeyModifier
}

// down notes a key going down.
func (k *clockKeys) down(name fyne.KeyName) {
	switch name {
	case desktop.KeyShiftLeft, desktop.KeyShiftRight:
		k.tap = ""
		if !k.chord() {
			k.tap = name
		}
		return
	case desktop.KeyControlLeft, desktop.KeyControlRight, desktop.KeyAltLeft, desktop.KeyAltRight,
		desktop.KeySuperLeft, desktop.KeySuperRight:
		k.modifiers++
	}
	k.tap = "" // a Shift followed by another key is a shortcut's
}

// up notes a key coming up; it returns the Shift key whose clock is to be
// pressed, or "" when it is not a clock key's tap.
func (k *clockKeys) up(name fyne.KeyName) fyne.KeyName {
	switch name {
	case desktop.KeyControlLeft, desktop.KeyControlRight, desktop.KeyAltLeft, desktop.KeyAltRight,
		desktop.KeySuperLeft, desktop.KeySuperRight:
		if k.modifiers > 0 {
			k.modifiers--
		}
	}
	if name != k.tap {
		return ""
	}
	k.tap = ""
	return name
}

// chord reports whether Ctrl, Alt or Super is down.
func (k *clockKeys) chord() bool {
	const others = fyne.KeyModifierControl | fyne.KeyModifierAlt | fyne.KeyModifierSuper
	if k.held != nil {
		held := k.held()&others != 0
		if !held {
			k.modifiers = 0 // released while the canvas did not see it
		}
		return held
	}
	return k.modifiers > 0
}
